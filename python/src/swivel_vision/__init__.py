"""swivel-vision: the vision co-processor (camera, detector, TRACK over the vision link)."""
