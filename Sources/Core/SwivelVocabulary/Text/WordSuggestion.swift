/// "Did you mean …?" for misspelt words: board keys and choices, swivelctl's
/// commands and options. Here, in the vocabulary, because both the board loader
/// and swivelctl need it, and the board loader stands on the vocabulary alone.
public enum WordSuggestion {
    /// The closest candidate within edit distance 2, ignoring case; ties go
    /// to the earlier candidate so messages are deterministic.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= 2, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance with one rolling row.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                let substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)
                row[j] = min(substitution, above + 1, row[j - 1] + 1)
                diagonal = above
            }
        }
        return row[b.count]
    }
}
