// UIKit and AppKit re-export Foundation; so do their stand-ins, so that
// code importing either compiles unchanged.
@_exported import Foundation
