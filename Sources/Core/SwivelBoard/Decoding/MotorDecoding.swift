/// How the board decoder reads one motor type: its `type` name, the keys its
/// object may hold, and the function that reads them. `BoardDecoder.motorTypes`
/// lists one per type; a new motor type adds one line there and nowhere else
/// in shared code.
struct MotorDecoding: Sendable {
    /// What the axis's other settings tell a motor decoder.
    struct Context {
        var limits: LimitsRead
        /// The axis's `continuous` key when it is set.
        var continuous: Located<Bool>?
    }

    let typeName: String
    /// Every key its object may hold, `type` included.
    let keys: [String]
    let decode: @Sendable (BoardDecoder, ObjectFields, Context) -> Board.Motor?

    init<Settings: MotorSettings>(
        _ settings: Settings.Type, keys: [String],
        decode: @escaping @Sendable (BoardDecoder, ObjectFields, Context) -> Settings?
    ) {
        typeName = Settings.typeName
        self.keys = keys
        self.decode = { decoder, fields, context in decode(decoder, fields, context).map(Board.Motor.init) }
    }
}
