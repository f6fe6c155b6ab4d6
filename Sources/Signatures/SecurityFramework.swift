/// The functions of Apple's Security and CoreFoundation frameworks that verification uses, looked
/// up once in the frameworks `CryptoPlatform` opens, as `LibCrypto` is on Linux: nothing is
/// linked, so a run that checks no signature never loads them (start-up is unchanged). Every
/// object is a CoreFoundation reference, an opaque pointer here; the C declarations are Apple's
/// (Security/SecTrust.h, SecCertificate.h, SecKey.h, SecPolicy.h; CoreFoundation's CFData.h,
/// CFArray.h, CFDate.h, CFError.h, CFString.h). Compiled on every platform, used on Apple's.
final class SecurityFramework: @unchecked Sendable {
    // @unchecked: every member is a C function pointer or a constant set once in `init`.
    typealias Ref = UnsafeRawPointer

    let dataCreate: @convention(c) (Ref?, UnsafePointer<UInt8>?, Int) -> Ref?
    let arrayCreate: @convention(c) (Ref?, UnsafeMutablePointer<Ref?>?, Int, Ref?) -> Ref?
    let arrayGetCount: @convention(c) (Ref?) -> Int
    let arrayGetValueAtIndex: @convention(c) (Ref?, Int) -> Ref?
    let dateCreate: @convention(c) (Ref?, Double) -> Ref?
    let release: @convention(c) (Ref?) -> Void
    let equal: @convention(c) (Ref?, Ref?) -> UInt8
    let errorGetCode: @convention(c) (Ref?) -> Int
    let errorCopyDescription: @convention(c) (Ref?) -> Ref?
    let stringGetCString: @convention(c) (Ref?, UnsafeMutablePointer<CChar>?, Int, UInt32) -> UInt8
    /// `kCFTypeArrayCallBacks`: the address of the structure (an array that retains its values).
    let typeArrayCallBacks: Ref

    let certificateCreateWithData: @convention(c) (Ref?, Ref?) -> Ref?
    let certificateCopyKey: @convention(c) (Ref?) -> Ref?
    let policyCreateBasicX509: @convention(c) () -> Ref?
    let trustCreateWithCertificates: @convention(c) (Ref?, Ref?, UnsafeMutablePointer<Ref?>?) -> Int32
    let trustSetAnchorCertificates: @convention(c) (Ref?, Ref?) -> Int32
    let trustSetAnchorCertificatesOnly: @convention(c) (Ref?, UInt8) -> Int32
    let trustSetVerifyDate: @convention(c) (Ref?, Ref?) -> Int32
    let trustSetNetworkFetchAllowed: @convention(c) (Ref?, UInt8) -> Int32
    let trustEvaluateWithError: @convention(c) (Ref?, UnsafeMutablePointer<Ref?>?) -> Bool
    let trustGetTrustResult: @convention(c) (Ref?, UnsafeMutablePointer<UInt32>?) -> Int32
    /// macOS 12 and later; before, the count and index functions (deprecated, still exported).
    let trustCopyCertificateChain: (@convention(c) (Ref?) -> Ref?)?
    let trustGetCertificateCount: (@convention(c) (Ref?) -> Int)?
    let trustGetCertificateAtIndex: (@convention(c) (Ref?, Int) -> Ref?)?
    let keyVerifySignature: @convention(c) (Ref?, Ref?, Ref?, Ref?, UnsafeMutablePointer<Ref?>?) -> UInt8
    /// `kSecKeyAlgorithmECDSASignatureMessageX962SHA256`: ECDSA over the message (hashed with
    /// SHA-256 by the framework), the signature DER-encoded as X9.62 `ECDSA-Sig-Value`.
    let ecdsaMessageX962SHA256: Ref

    /// `kCFStringEncodingUTF8`; `kCFAbsoluteTimeIntervalSince1970` (CFAbsoluteTime counts from 2001).
    static let utf8Encoding: UInt32 = 0x0800_0100
    static let absoluteTimeFrom1970: Double = 978_307_200

    /// The frameworks, opened and looked up the first time they are asked for (a lazy global).
    static let shared: Result<SecurityFramework, SignatureUnavailable> = load()

    private static func load() -> Result<SecurityFramework, SignatureUnavailable> {
        switch CryptoPlatform.openSecurityFramework() {
        case .failure(let failure): return .failure(failure)
        case .success(let handles):
            do throws(SignatureUnavailable) {
                return .success(try SecurityFramework(security: handles.security, foundation: handles.coreFoundation))
            } catch { return .failure(error) }
        }
    }

    private init(security: UnsafeMutableRawPointer, foundation: UnsafeMutableRawPointer) throws(SignatureUnavailable) {
        func address(_ handle: UnsafeMutableRawPointer, _ name: String) throws(SignatureUnavailable) -> Ref {
            guard let address = CryptoPlatform.symbol(handle, name) else {
                throw SignatureUnavailable(reason: "the system's Security framework has no \(name)")
            }
            return Ref(address)
        }
        func function<F>(_ handle: UnsafeMutableRawPointer, _ name: String) throws(SignatureUnavailable) -> F {
            unsafeBitCast(try address(handle, name), to: F.self)
        }
        func optional<F>(_ name: String) -> F? {
            CryptoPlatform.symbol(security, name).map { unsafeBitCast($0, to: F.self) }
        }
        /// A `const CFStringRef` constant: the variable's address, then its value.
        func constant(_ handle: UnsafeMutableRawPointer, _ name: String) throws(SignatureUnavailable) -> Ref {
            guard let value = try address(handle, name).load(as: Ref?.self) else {
                throw SignatureUnavailable(reason: "the system's Security framework has no value for \(name)")
            }
            return value
        }
        dataCreate = try function(foundation, "CFDataCreate")
        arrayCreate = try function(foundation, "CFArrayCreate")
        arrayGetCount = try function(foundation, "CFArrayGetCount")
        arrayGetValueAtIndex = try function(foundation, "CFArrayGetValueAtIndex")
        dateCreate = try function(foundation, "CFDateCreate")
        release = try function(foundation, "CFRelease")
        equal = try function(foundation, "CFEqual")
        errorGetCode = try function(foundation, "CFErrorGetCode")
        errorCopyDescription = try function(foundation, "CFErrorCopyDescription")
        stringGetCString = try function(foundation, "CFStringGetCString")
        typeArrayCallBacks = try address(foundation, "kCFTypeArrayCallBacks")
        certificateCreateWithData = try function(security, "SecCertificateCreateWithData")
        certificateCopyKey = try function(security, "SecCertificateCopyKey")
        policyCreateBasicX509 = try function(security, "SecPolicyCreateBasicX509")
        trustCreateWithCertificates = try function(security, "SecTrustCreateWithCertificates")
        trustSetAnchorCertificates = try function(security, "SecTrustSetAnchorCertificates")
        trustSetAnchorCertificatesOnly = try function(security, "SecTrustSetAnchorCertificatesOnly")
        trustSetVerifyDate = try function(security, "SecTrustSetVerifyDate")
        trustSetNetworkFetchAllowed = try function(security, "SecTrustSetNetworkFetchAllowed")
        trustEvaluateWithError = try function(security, "SecTrustEvaluateWithError")
        trustGetTrustResult = try function(security, "SecTrustGetTrustResult")
        trustCopyCertificateChain = optional("SecTrustCopyCertificateChain")
        trustGetCertificateCount = optional("SecTrustGetCertificateCount")
        trustGetCertificateAtIndex = optional("SecTrustGetCertificateAtIndex")
        guard trustCopyCertificateChain != nil || (trustGetCertificateCount != nil && trustGetCertificateAtIndex != nil)
        else {
            throw SignatureUnavailable(reason: "the system's Security framework has no SecTrustCopyCertificateChain")
        }
        keyVerifySignature = try function(security, "SecKeyVerifySignature")
        ecdsaMessageX962SHA256 = try constant(security, "kSecKeyAlgorithmECDSASignatureMessageX962SHA256")
    }

    // MARK: CoreFoundation objects, each released by whoever made it (the Create and Copy rule).

    /// `bytes` as a new CFData (nil only when CoreFoundation cannot allocate).
    func data(_ bytes: [UInt8]) -> Ref? {
        bytes.withUnsafeBufferPointer { dataCreate(nil, $0.baseAddress, $0.count) }
    }

    /// A new CFArray that retains `values` (CFTypeRefs), in order.
    func array(_ values: [Ref]) -> Ref? {
        var pointers: [Ref?] = values
        return pointers.withUnsafeMutableBufferPointer {
            arrayCreate(nil, $0.baseAddress, $0.count, typeArrayCallBacks)
        }
    }

    /// Releases a reference this code owns; CFRelease(NULL) would crash, so nil is skipped.
    func releasing(_ reference: Ref?) {
        if let reference { release(reference) }
    }

    /// A CFError's code and description (`errSec…` codes in the OSStatus domain).
    func describe(_ error: Ref?) -> (code: Int, text: String) {
        guard let error else { return (0, "no reason given") }
        let code = errorGetCode(error)
        guard let description = errorCopyDescription(error) else { return (code, "error \(code)") }
        defer { release(description) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard stringGetCString(description, &buffer, buffer.count, Self.utf8Encoding) != 0 else {
            return (code, "error \(code)")
        }
        return (code, String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
