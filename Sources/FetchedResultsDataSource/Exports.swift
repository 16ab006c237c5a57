// The data sources, batches and the consumer protocol live in
// FetchedResultsDataSourceCore (no UIKit, AppKit or full Foundation, so
// that the terminal list links without them); `import
// FetchedResultsDataSource` brings them with the adapters.
@_exported import FetchedResultsDataSourceCore
