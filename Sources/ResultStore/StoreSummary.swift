/// What a store holds, as `filterocr store` shows it.
public struct StoreSummary: Sendable, Equatable, Codable {
    public var path: String
    public var schemaVersion: Int
    public var recognitions: Int
    public var documentPages: Int
    /// Files' pages under a script whose recognition is found without decoding them.
    public var renderings: Int
    /// Bytes of the entries' contents (the file is somewhat larger).
    public var contentBytes: Int
    /// Bytes of the database file and its write-ahead log.
    public var fileBytes: Int
    /// The size the store is kept under.
    public var limit: Int
    /// Each engine identity with its number of recognitions, most used first.
    public var engines: [Engine]
    /// Seconds since 1970 of the oldest and newest use; nil when empty.
    public var oldestUse: Double?
    public var newestUse: Double?

    public struct Engine: Sendable, Equatable, Codable {
        public var description: String
        public var recognitions: Int
    }
}
