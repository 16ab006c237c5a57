import Hummingbird
import PlumeSyncProtocol

/// A request the server refuses, with the status and the message its
/// `{"error": …}` body carries.
struct SyncHTTPFailure: Error {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The answer to a missing or wrong token: the same whatever was
    /// asked, so that it tells nothing.
    static let unauthorized = SyncHTTPFailure(.unauthorized, "unauthorized")

    /// The JSON response.
    var response: Response {
        var json = "{\"error\":"
        SyncJSON.appendString(message, to: &json)
        json += "}"
        var response = Response.json(json, status: status)
        if status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
        return response
    }
}

extension Response {
    /// A JSON response.
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
