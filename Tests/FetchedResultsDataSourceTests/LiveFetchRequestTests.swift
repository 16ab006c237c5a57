import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import Testing
@testable import FetchedResultsDataSource

/// `@LiveFetchRequest` through the stand-in SwiftUI host, which keeps a
/// view identity's state across the new view values its parent makes, as
/// SwiftUI does.
@MainActor
@Suite struct LiveFetchRequestTests {
    /// A view showing the photos of one album.
    struct AlbumView: View {
        @LiveFetchRequest var photos: ObservableFetchedResults<Photo>

        init(database: DatabaseQueue, album: String) {
            _photos = LiveFetchRequest(database: database, request: FetchRequest(
                table: "photo", filter: "album = ?", arguments: [album], sortedBy: [.ascending("name")]))
        }

        var body: some View {
            Text("\(photos.snapshot.count) photos")
        }

        /// What the property wrapper keeps for the identity.
        var storage: LiveFetchStorage<Photo> { _photos.storageForTests }
    }

    static func withDatabase(_ body: (DatabaseQueue) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try DatabaseQueue(path: directory.appendingPathComponent("photos.sqlite").path)
        defer { try? database.close() }
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, album TEXT NOT NULL, name TEXT NOT NULL, rating INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO photo (album, name, rating) VALUES ('A', 'a1', 1), ('A', 'a2', 2), ('B', 'b1', 3)")
        }
        try await body(database)
    }

    /// The parent re-renders many times: each new value of the view makes
    /// only an empty box; the identity keeps one model, one controller,
    /// fetched once.
    @Test func reinitialisingTheViewKeepsOneControllerAndOneFetch() async throws {
        try await Self.withDatabase { database in
            let host = StandInViewHost<AlbumView>()
            let first = AlbumView(database: database, album: "A")
            #expect(first.storage.modelsMade == 0, "nothing is made before SwiftUI updates the view")
            host.render(first)
            let model = first.photos
            for _ in 0..<50 {
                let again = AlbumView(database: database, album: "A")
                host.render(again)
                #expect(again.photos === model)
                #expect(again.photos.controller === model.controller)
            }
            try await ObservableFetchedResultsTests.drain { model.snapshot.count == 2 }
            #expect(model.snapshot.count == 2)
            #expect(first.storage.modelsMade == 1)
            #expect(model.fetches == 1)
            host.removeView()
        }
    }

    /// A changed request makes a new model, fetched; the old one stops and
    /// is released. When the view goes away, its model goes too.
    @Test func aChangedRequestRefetchesAndTheModelStopsWhenTheViewGoes() async throws {
        try await Self.withDatabase { database in
            let host = StandInViewHost<AlbumView>()
            // Each view value is dropped once rendered, as SwiftUI drops it.
            @MainActor func render(album: String) -> Weak<ObservableFetchedResults<Photo>> {
                let view = AlbumView(database: database, album: album)
                host.render(view)
                return Weak(view.photos)
            }
            let albumA = render(album: "A")
            try await ObservableFetchedResultsTests.drain { albumA.object?.snapshot.count == 2 }

            let albumB = render(album: "B")
            #expect(albumB.object !== albumA.object)
            try await ObservableFetchedResultsTests.drain { albumB.object?.snapshot.count == 1 }
            #expect(albumB.object?.snapshot.count == 1)
            #expect(albumB.object?.fetches == 1)
            try await ObservableFetchedResultsTests.drain(rounds: 500) { albumA.object == nil }
            #expect(albumA.object == nil, "the old model stopped and was released")

            host.removeView()
            try await ObservableFetchedResultsTests.drain(rounds: 500) { albumB.object == nil }
            #expect(albumB.object == nil, "the view went away: its model stopped and was released")
        }
    }
}

extension LiveFetchRequestTests {
    /// A view that goes away before its model's fetch began (a row of a
    /// lazy list scrolled past): the fetch never starts, and nothing keeps
    /// the model alive.
    @Test func aViewThatGoesAwayBeforeItsFetchBeginsFetchesNothing() async throws {
        try await Self.withDatabase { database in
            let host = StandInViewHost<AlbumView>()
            @MainActor func renderAndRemove() -> Weak<ObservableFetchedResults<Photo>> {
                let view = AlbumView(database: database, album: "A")
                host.render(view)
                host.removeView()
                return Weak(view.photos)
            }
            let model = renderAndRemove()
            for _ in 0..<20 { await Task.yield() }
            #expect(model.object == nil || model.object?.fetches == 0, "no fetch for a view that is gone")
            try await ObservableFetchedResultsTests.drain(rounds: 500) { model.object == nil }
            #expect(model.object == nil, "the model was released")
        }
    }
}

/// A weak reference.
struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
