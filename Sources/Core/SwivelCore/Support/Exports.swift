// The engine speaks the vocabulary in every signature, so whoever imports the
// engine gets the vocabulary with it and needs no second import.
@_exported public import SwivelVocabulary
