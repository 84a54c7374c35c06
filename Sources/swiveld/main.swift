print("swiveld")
