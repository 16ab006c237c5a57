// expected-error: 'update' is unavailable: LogLine declares no primary key: mark its key property @Column(primaryKey: true)
import Persistence

func save(_ line: LogLine, _ db: Database) throws {
    try line.update(db)
}
