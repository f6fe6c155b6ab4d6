import Foundation

#if canImport(Darwin)
    import CoreFoundation
#endif

/// A boolean from Foundation's readers (JSONSerialization, PropertyListSerialization), told
/// from a number the same way on every platform. Apple's Foundation hands back booleans as
/// `__NSCFBoolean`, an NSNumber, so `type(of:) == Bool.self` is false there; and `as? Bool`
/// also turns the numbers 0 and 1 into booleans, on Linux as on the Mac.
package enum FoundationBoolean {
    /// The boolean `object` is; nil for a number, anything else, or nothing.
    package static func value(_ object: Any?) -> Bool? {
        guard let object else { return nil }
        // swift-corelibs-foundation's property list reader makes Swift booleans.
        if type(of: object) == Bool.self { return object as? Bool }
        guard let number = object as? NSNumber else { return nil }
        #if canImport(Darwin)
            guard CFGetTypeID(number as CFTypeRef) == CFBooleanGetTypeID() else { return nil }
        #else
            // swift-corelibs-foundation's booleans are NSNumbers of type "c" (a char); its
            // readers make no other number of that type.
            guard String(cString: number.objCType) == "c" else { return nil }
        #endif
        return number.boolValue
    }
}
