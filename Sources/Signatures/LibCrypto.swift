/// The functions of OpenSSL's libcrypto (1.1.1 or 3) that verification uses, looked up once in the
/// library `CryptoPlatform` opens. Nothing is linked: a run that checks no signature never loads it.
final class LibCrypto: @unchecked Sendable {
    // @unchecked: every member is a C function pointer set once in `init` and never changed.
    typealias Pointer = OpaquePointer

    let d2iX509: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> Pointer?
    let x509Free: @convention(c) (Pointer?) -> Void
    let storeNew: @convention(c) () -> Pointer?
    let storeFree: @convention(c) (Pointer?) -> Void
    let storeAddCert: @convention(c) (Pointer?, Pointer?) -> Int32
    let contextNew: @convention(c) () -> Pointer?
    let contextFree: @convention(c) (Pointer?) -> Void
    let contextInit: @convention(c) (Pointer?, Pointer?, Pointer?, Pointer?) -> Int32
    let contextSetTime: @convention(c) (Pointer?, UInt, Int) -> Void
    let contextGetError: @convention(c) (Pointer?) -> Int32
    let contextGetErrorDepth: @convention(c) (Pointer?) -> Int32
    let contextGetChain: @convention(c) (Pointer?) -> Pointer?
    let verifyCert: @convention(c) (Pointer?) -> Int32
    let verifyErrorString: @convention(c) (Int) -> UnsafePointer<CChar>?
    let stackNew: @convention(c) () -> Pointer?
    let stackPush: @convention(c) (Pointer?, UnsafeRawPointer?) -> Int32
    let stackFree: @convention(c) (Pointer?) -> Void
    let stackCount: @convention(c) (Pointer?) -> Int32
    let stackValue: @convention(c) (Pointer?, Int32) -> UnsafeMutableRawPointer?
    let publicKey: @convention(c) (Pointer?) -> Pointer?
    let digestContextNew: @convention(c) () -> Pointer?
    let digestContextFree: @convention(c) (Pointer?) -> Void
    let sha256: @convention(c) () -> Pointer?
    let digestVerifyInit: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Pointer?, Pointer?, Pointer?) -> Int32
    let digestVerify: @convention(c) (Pointer?, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int) -> Int32
    let objectFromText: @convention(c) (UnsafePointer<CChar>?, Int32) -> Pointer?
    let objectFree: @convention(c) (Pointer?) -> Void
    let extensionIndex: @convention(c) (Pointer?, Pointer?, Int32) -> Int32
    let subjectName: @convention(c) (Pointer?) -> Pointer?
    let nameOneLine: @convention(c) (Pointer?, UnsafeMutablePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?
    let clearErrors: @convention(c) () -> Void

    /// The library, opened and looked up the first time it is asked for (a lazy global).
    static let shared: Result<LibCrypto, SignatureUnavailable> = load()

    private static func load() -> Result<LibCrypto, SignatureUnavailable> {
        switch CryptoPlatform.openLibCrypto() {
        case .failure(let failure): return .failure(failure)
        case .success(let handle):
            do throws(SignatureUnavailable) { return .success(try LibCrypto(handle)) } catch { return .failure(error) }
        }
    }

    private init(_ handle: UnsafeMutableRawPointer) throws(SignatureUnavailable) {
        /// The first of `names` the library has (OpenSSL 3 renamed a few of 1.1's functions).
        func find<F>(_ names: String...) throws(SignatureUnavailable) -> F {
            for name in names {
                if let address = CryptoPlatform.symbol(handle, name) { return unsafeBitCast(address, to: F.self) }
            }
            throw SignatureUnavailable(reason: "the libcrypto found has no \(names[0]); OpenSSL 1.1.1 or 3 is needed")
        }
        d2iX509 = try find("d2i_X509")
        x509Free = try find("X509_free")
        storeNew = try find("X509_STORE_new")
        storeFree = try find("X509_STORE_free")
        storeAddCert = try find("X509_STORE_add_cert")
        contextNew = try find("X509_STORE_CTX_new")
        contextFree = try find("X509_STORE_CTX_free")
        contextInit = try find("X509_STORE_CTX_init")
        contextSetTime = try find("X509_STORE_CTX_set_time")
        contextGetError = try find("X509_STORE_CTX_get_error")
        contextGetErrorDepth = try find("X509_STORE_CTX_get_error_depth")
        contextGetChain = try find("X509_STORE_CTX_get0_chain")
        verifyCert = try find("X509_verify_cert")
        verifyErrorString = try find("X509_verify_cert_error_string")
        stackNew = try find("OPENSSL_sk_new_null")
        stackPush = try find("OPENSSL_sk_push")
        stackFree = try find("OPENSSL_sk_free")
        stackCount = try find("OPENSSL_sk_num")
        stackValue = try find("OPENSSL_sk_value")
        publicKey = try find("X509_get0_pubkey")
        digestContextNew = try find("EVP_MD_CTX_new")
        digestContextFree = try find("EVP_MD_CTX_free")
        sha256 = try find("EVP_sha256")
        digestVerifyInit = try find("EVP_DigestVerifyInit")
        digestVerify = try find("EVP_DigestVerify")
        objectFromText = try find("OBJ_txt2obj")
        objectFree = try find("ASN1_OBJECT_free")
        extensionIndex = try find("X509_get_ext_by_OBJ")
        subjectName = try find("X509_get_subject_name")
        nameOneLine = try find("X509_NAME_oneline")
        clearErrors = try find("ERR_clear_error")
    }
}
