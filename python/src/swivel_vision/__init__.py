"""swivel-vision: the vision co-processor (camera, detector, TRACK over the vision link)."""
import warnings

# mediapipe 0.10.14 calls a protobuf API that protobuf 4.25 deprecates, once per
# graph: its warning, not ours, and it would fill every maker's log.
warnings.filterwarnings("ignore", message=r"SymbolDatabase\.GetPrototype\(\) is deprecated", category=UserWarning)
