import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of a ``URLSessionTransport``'s session: routes each task's callbacks to its
/// ``TaskHandler``, answers authentication challenges, and hands redirects back to the transport.
///
/// FoundationNetworking calls task delegates only through the session's delegate, and does call
/// `didReceive data` incrementally, which streams and downloads rely on.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let handlers = Protected<[Int: TaskHandler]>([:])
    /// The pins server-trust challenges are checked against (Apple platforms); set before the session
    /// is made, and not changed after.
    var publicKeyPins = PublicKeyPins()

    func register(_ handler: TaskHandler, for task: URLSessionTask) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    private func handler(for task: URLSessionTask) -> TaskHandler? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    @discardableResult
    func remove(_ task: URLSessionTask) -> TaskHandler? {
        handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse {
            handler(for: dataTask)?.didReceive(http)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(for: dataTask)?.didReceive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        handler(for: task)?.didSend(totalBytesSent: totalBytesSent, totalBytesExpected: totalBytesExpectedToSend)
    }

    /// Redirects are never followed here: the 3xx comes back as the response, and the transport decides
    /// (FoundationNetworking would re-send a 307 or 308 `POST` without its body).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// A 401 with `WWW-Authenticate` (Basic, Digest) raises this challenge, and the 401 must come back as
    /// the response: credentials go in headers (``AuthInterceptor``), not through challenges.
    /// - FoundationNetworking never completes such a request on its own. Its response and body have already
    ///   arrived when the challenge does, so the handler finishes with them, and the challenge is cancelled.
    ///   (It raises no server-trust challenges, so every challenge here is HTTP auth.)
    /// - Apple's URLSession raises the challenge before the response arrives, and cancelling it fails the
    ///   whole task. Default handling (as if this method were not implemented) lets the 401 through as the
    ///   response unless the session's credential storage holds a credential for that protection space.
    ///   The delegate implements no session-level challenge method there, so server-trust challenges come
    ///   here too, with the task: a pinned host's trust is checked against its pins
    ///   (``ServerTrustPinning``), and a mismatch fails the task with ``APIError/publicKeyPinMismatch(host:)``
    ///   before the request is sent. Not run on Apple platforms yet.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        handler(for: task)?.didReceiveChallenge()
        completionHandler(.cancelAuthenticationChallenge, nil)
        #else
        let space = challenge.protectionSpace
        #if canImport(Security)
        if space.authenticationMethod == NSURLAuthenticationMethodServerTrust, let trust = space.serverTrust,
            publicKeyPins.hashes(for: space.host) != nil
        {
            if ServerTrustPinning.accepts(trust, host: space.host, pins: publicKeyPins) {
                completionHandler(.useCredential, URLCredential(trust: trust))
            } else {
                handler(for: task)?.didFailPinning(host: space.host)
                completionHandler(.cancelAuthenticationChallenge, nil)
            }
            return
        }
        #endif
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    #if canImport(FoundationNetworking)
    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.performDefaultHandling, nil)
    }
    #endif

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        remove(task)?.didComplete(error)
    }
}
