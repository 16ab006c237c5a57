import Hummingbird

/// A request's context: Hummingbird's, and the access its token grants
/// (set by ``SyncAuthMiddleware``).
struct SyncRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The token's access; nil before authentication.
    var access: SyncAccess?
    /// The bearer token; nil before authentication.
    var token: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        access = nil
        token = nil
    }
}

/// Refuses every request without a valid bearer token with the same 401,
/// before routing (an unknown path learns nothing either), and turns
/// ``SyncHTTPFailure`` into its JSON answer.
struct SyncAuthMiddleware: RouterMiddleware {
    typealias Context = SyncRequestContext
    let tokens: SyncTokenStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.debug("request \(request.method) \(request.uri.path)")
        defer { context.logger.debug("answered \(request.method) \(request.uri.path)") }
        do {
            guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
                throw SyncHTTPFailure.unauthorized
            }
            let token = String(header.dropFirst("Bearer ".count))
            guard let access = tokens.access(for: token) else { throw SyncHTTPFailure.unauthorized }
            var context = context
            context.access = access
            context.token = token
            return try await next(request, context)
        } catch let failure as SyncHTTPFailure {
            return failure.response
        } catch let error as HTTPError where error.status == .notFound {
            return SyncHTTPFailure(.notFound, "no such endpoint: \(request.method) \(request.uri.path)").response
        }
    }
}
