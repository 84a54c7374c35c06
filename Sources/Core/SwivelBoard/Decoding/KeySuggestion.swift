import SwivelVocabulary

/// The board loader's name for the shared suggestion code.
typealias KeySuggestion = WordSuggestion
