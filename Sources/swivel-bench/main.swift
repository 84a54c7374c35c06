print("swivel-bench")
