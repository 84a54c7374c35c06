public import SwivelVocabulary

/// ERR codes: the vocabulary's one table (`SwivelError.Code`, docs/PROTOCOL.md
/// §4.2), under the name the codec has always used for it.
public typealias WireErrorCode = SwivelError.Code
