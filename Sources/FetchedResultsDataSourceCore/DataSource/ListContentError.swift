/// Items a data source cannot show: two items with the same identity, or
/// two sections with the same name (a list tells rows and sections apart
/// by them).
public struct ListContentError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static members.
    public struct Code: Hashable, Sendable {
        private enum Base: Hashable, Sendable { case duplicateIdentity, duplicateSectionName }
        private let base: Base
        /// Two items have the same identity.
        public static let duplicateIdentity = Code(base: .duplicateIdentity)
        /// Two sections have the same name.
        public static let duplicateSectionName = Code(base: .duplicateSectionName)
    }

    /// What went wrong.
    public let code: Code
    /// Which items or sections, by position.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
