// Clocks, lines and drivers take `MonotonicInstant` and friends, so importing
// the hardware layer brings the vocabulary those signatures are written in.
@_exported public import SwivelVocabulary
