/// A board file as a tree, so a test can set any key path to any number text
/// (present or defaulted) and render JSON5 that the loader reads.
indirect enum BoardTree: Sendable {
    /// Number text as written in the file: "1e308", "NaN", "-Infinity", "0x36".
    case number(String)
    case string(String)
    case bool(Bool)
    case object([(String, BoardTree)])
    case array([BoardTree])

    var rendered: String {
        switch self {
        case .number(let text): text
        case .string(let text): "\"" + text + "\""
        case .bool(let flag): flag ? "true" : "false"
        case .object(let members): "{ " + members.map { "\($0.0): \($0.1.rendered)" }.joined(separator: ", ") + " }"
        case .array(let elements): "[ " + elements.map(\.rendered).joined(separator: ", ") + " ]"
        }
    }

    /// One step of a loader key path: `axes`, `yaw`, `buttons[1]`.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// "simulation.batteries[0].startLevel" → key simulation, key batteries, index 0, key startLevel.
    static func steps(_ path: String) -> [Step] {
        path.split(separator: ".").flatMap { part -> [Step] in
            let pieces = part.split(separator: "[")
            var steps: [Step] = [.key(String(pieces[0]))]
            for index in pieces.dropFirst() { steps.append(.index(Int(index.dropLast()) ?? -1)) }
            return steps
        }
    }

    /// The tree with the value at `path` replaced, or added when the key is absent.
    func setting(_ path: String, to value: BoardTree) -> BoardTree? {
        setting(Self.steps(path)[...], to: value)
    }

    private func setting(_ steps: ArraySlice<Step>, to value: BoardTree) -> BoardTree? {
        guard let step = steps.first else { return value }
        switch (self, step) {
        case (.object(var members), .key(let key)):
            if let at = members.firstIndex(where: { $0.0 == key }) {
                guard let changed = members[at].1.setting(steps.dropFirst(), to: value) else { return nil }
                members[at].1 = changed
            } else {
                guard steps.count == 1 else { return nil }
                members.append((key, value))
            }
            return .object(members)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            guard let changed = elements[index].setting(steps.dropFirst(), to: value) else { return nil }
            elements[index] = changed
            return .array(elements)
        default:
            return nil
        }
    }

    /// Every leaf key with its object's path, for the keys that are not numbers.
    func leaves(under path: String = "") -> [(path: String, value: BoardTree)] {
        switch self {
        case .object(let members):
            members.flatMap { key, value in
                let child = path.isEmpty ? key : path + "." + key
                return [(child, value)] + value.leaves(under: child)
            }
        case .array(let elements):
            elements.enumerated().flatMap { index, element in element.leaves(under: path + "[\(index)]") }
        default:
            []
        }
    }

    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}
