import GRDB

/// The store's tables, as migrations: a store from an earlier release is brought up to date
/// when it is opened; one from a later release (a migration this one does not know) is refused.
enum StoreSchema {
    /// The version `filterocr store` reports: the number of migrations.
    static var version: Int { migrator.migrations.count }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 recognitions") { db in
            try db.execute(sql: """
                CREATE TABLE engine (id TEXT PRIMARY KEY, description TEXT NOT NULL);
                CREATE TABLE recognition (
                    id INTEGER PRIMARY KEY,
                    page TEXT NOT NULL,
                    engine TEXT NOT NULL REFERENCES engine(id),
                    resolution INTEGER NOT NULL,
                    content BLOB NOT NULL,
                    bytes INTEGER NOT NULL,
                    created REAL NOT NULL,
                    used REAL NOT NULL,
                    UNIQUE (page, engine, resolution));
                CREATE INDEX recognition_used ON recognition(used);
                CREATE TABLE setting (name TEXT PRIMARY KEY, value);
                """)
        }
        migrator.registerMigration("v2 document pages") { db in
            try db.execute(sql: """
                CREATE TABLE fragment (
                    recognition INTEGER NOT NULL REFERENCES recognition(id) ON DELETE CASCADE,
                    format TEXT NOT NULL,
                    page_number INTEGER NOT NULL,
                    input_name TEXT NOT NULL,
                    content BLOB NOT NULL,
                    bytes INTEGER NOT NULL,
                    PRIMARY KEY (recognition, format, page_number, input_name));
                """)
        }
        migrator.registerMigration("v3 renderings") { db in
            try db.execute(sql: """
                CREATE TABLE rendering (
                    source TEXT PRIMARY KEY,
                    page TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    file_resolution INTEGER,
                    used REAL NOT NULL);
                CREATE INDEX rendering_page ON rendering(page);
                """)
        }
        // A content before other columns is copied into memory twice whenever its row is
        // written (SQLite builds the row in one buffer, and fills in a zeroblob that other values
        // follow), so that merging a shard's 300 MB content took 636 MB. Last in its row, a
        // content is written as pages, and a merge's zeroblob is filled a chunk at a time.
        migrator.registerMigration("v4 contents last") { db in
            try db.execute(sql: """
                CREATE TABLE new_recognition (
                    id INTEGER PRIMARY KEY,
                    page TEXT NOT NULL,
                    engine TEXT NOT NULL REFERENCES engine(id),
                    resolution INTEGER NOT NULL,
                    bytes INTEGER NOT NULL,
                    created REAL NOT NULL,
                    used REAL NOT NULL,
                    content BLOB NOT NULL,
                    UNIQUE (page, engine, resolution));
                INSERT INTO new_recognition (id, page, engine, resolution, bytes, created, used, content)
                    SELECT id, page, engine, resolution, bytes, created, used, content FROM recognition;
                CREATE TABLE new_fragment (
                    recognition INTEGER NOT NULL REFERENCES recognition(id) ON DELETE CASCADE,
                    format TEXT NOT NULL,
                    page_number INTEGER NOT NULL,
                    input_name TEXT NOT NULL,
                    bytes INTEGER NOT NULL,
                    content BLOB NOT NULL,
                    PRIMARY KEY (recognition, format, page_number, input_name));
                INSERT INTO new_fragment (recognition, format, page_number, input_name, bytes, content)
                    SELECT recognition, format, page_number, input_name, bytes, content FROM fragment;
                DROP TABLE fragment;
                DROP TABLE recognition;
                ALTER TABLE new_recognition RENAME TO recognition;
                ALTER TABLE new_fragment RENAME TO fragment;
                CREATE INDEX recognition_used ON recognition(used);
                """)
        }
        return migrator
    }()
}
