/// Optional lists of objects (`buttons`, `batteries`) and the names that must
/// be unique within them.
extension BoardDecoder {
    /// The objects of the optional array `key`, each with its path; [] when
    /// absent, nil after reporting a value that is not an array.
    func objectList(_ fields: ObjectFields, _ key: String, of what: String, allowed: [String]) -> [ObjectFields?]? {
        guard let member = member(fields, key, required: false) else { return [] }
        let path = fields.path(of: key)
        guard case .array(let elements) = member.value.kind else {
            report(path, line: member.value.line, "expected an array of \(what), found \(ValueText.describe(member.value))")
            return nil
        }
        return elements.enumerated().map { index, element in
            let object = asObject(element, path: KeyPath.element(index, of: path))
            if let object { rejectUnknownKeys(object, allowed: allowed) }
            return object
        }
    }

    /// A name that must differ from every earlier one in `seen` (name → path); false after reporting.
    func uniqueName(_ name: Located<String>?, seen: inout [String: String], what: String) -> Bool {
        guard let name else { return false }
        if let first = seen[name.value] {
            report(name, "\(what) \(ValueText.quoted(name.value)) is already used by \(first); each name may appear once")
            return false
        }
        seen[name.value] = name.path
        return true
    }
}
