//! The streamed requests' own HTTP/1.1 client, for a plain `http://` endpoint reached without a
//! proxy (a server on the same host or network: the usual case).
//!
//! Why not reqwest here: hyper's client reads a connection on a task of its own and hands each
//! body chunk to the request's task through a channel: per streamed token two task polls, a
//! lock, a wake and several body layers (reqwest's, http-body's). That was about a third of the
//! client's CPU per output token (issue 14, client cost, measured with `perf`). Here the
//! request's task reads its own socket: per token one `recv` and one poll, the chunked framing
//! decoded in place.
//!
//! Kept as reqwest did it: one request per connection at a time, idle connections kept for the
//! next request (keep-alive) unless the server said `Connection: close` or the body was not
//! read to its end; `TCP_NODELAY`; a 10 s connect limit; no redirects followed (a 3xx is an
//! HTTP failure, its body shown). https, a URL with credentials, or a proxy in the environment
//! (`http_proxy`, `all_proxy`) go through reqwest instead ([`Target::for_endpoint`] says None),
//! as does everything when `BENCHFIT_STREAM_CLIENT=reqwest` is set (to compare the two).

use std::io;
use std::sync::Mutex;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Most bytes of a response head (status line and headers).
const MAX_HEAD_BYTES: usize = 64 << 10;
/// Most bytes of one chunk-size line (or trailer line) of a chunked body.
const MAX_LINE_BYTES: usize = 4 << 10;
/// Most headers in a response head.
const MAX_HEADERS: usize = 100;
/// Time allowed to open a connection (reqwest's `connect_timeout` in [`super::request::http_client`]).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A plain-`http://` endpoint, split for sending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Host to connect to (an IPv6 address without brackets).
    connect_host: String,
    /// TCP port.
    port: u16,
    /// The `Host` header: the URL's host, and its port when not 80.
    host_header: String,
    /// The request target: path and query.
    path: String,
}

impl Target {
    /// The endpoint to send to, when it is `http://` without credentials and no proxy is set in
    /// the environment; None otherwise (reqwest sends: TLS, proxies, basic auth), and with
    /// `BENCHFIT_STREAM_CLIENT=reqwest`.
    pub fn for_endpoint(endpoint: &str) -> Option<Target> {
        if proxy_configured()
            || std::env::var_os("BENCHFIT_STREAM_CLIENT").is_some_and(|v| v == "reqwest")
        {
            return None;
        }
        Self::parse(endpoint)
    }

    /// [`Target::for_endpoint`] without the look at the environment.
    fn parse(endpoint: &str) -> Option<Target> {
        let u = reqwest::Url::parse(endpoint).ok()?;
        if u.scheme() != "http" || !u.username().is_empty() || u.password().is_some() {
            return None;
        }
        let host = u.host_str()?;
        let port = u.port_or_known_default()?;
        let host_header = match u.port() {
            Some(p) => format!("{host}:{p}"),
            None => host.to_string(),
        };
        let connect_host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string();
        let path = match u.query() {
            Some(q) => format!("{}?{q}", u.path()),
            None => u.path().to_string(),
        };
        Some(Target {
            connect_host,
            port,
            host_header,
            path,
        })
    }
}

/// True when a proxy for http URLs is set in the environment (reqwest would use it).
fn proxy_configured() -> bool {
    ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"]
        .iter()
        .any(|k| std::env::var_os(k).is_some_and(|v| !v.is_empty()))
}

/// Idle keep-alive connections, for the next request.
#[derive(Default)]
pub struct Pool {
    idle: Mutex<Vec<TcpStream>>,
}

impl Pool {
    /// An idle connection the server has not closed (one it closed is dropped).
    fn take(&self) -> Option<TcpStream> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        while let Some(s) = idle.pop() {
            if still_open(&s) {
                return Some(s);
            }
        }
        None
    }

    fn put(&self, s: TcpStream) {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(s);
    }
}

/// True when nothing is waiting on an idle connection: no end of stream (the server closed
/// it), no error, no stray bytes. One non-blocking `MSG_PEEK` (the socket is non-blocking).
fn still_open(s: &TcpStream) -> bool {
    let mut b = [std::mem::MaybeUninit::<u8>::uninit(); 1];
    matches!(socket2::SockRef::from(s).peek(&mut b), Err(e) if e.kind() == io::ErrorKind::WouldBlock)
}

/// A request that got no response.
#[derive(Debug)]
pub struct SendError {
    /// Why, in words (the `transport_reason` style: its kind first).
    pub reason: String,
    /// It went out on a pooled connection that turned out closed before any byte of a
    /// response: the server never saw it, and it may be sent again on a new connection.
    pub closed_pooled: bool,
}

/// True for the I/O errors of a connection the other side had closed.
fn closed_kind(e: &io::Error) -> bool {
    use io::ErrorKind as K;
    matches!(
        e.kind(),
        K::ConnectionReset | K::BrokenPipe | K::ConnectionAborted | K::UnexpectedEof
    )
}

/// Opens a new connection to `t` (at most [`CONNECT_TIMEOUT`]), with `TCP_NODELAY`.
async fn connect(t: &Target) -> Result<TcpStream, SendError> {
    let fail = |reason: String| SendError {
        reason,
        closed_pooled: false,
    };
    let s = tokio::time::timeout(
        CONNECT_TIMEOUT,
        TcpStream::connect((t.connect_host.as_str(), t.port)),
    )
    .await
    .map_err(|_| fail("timeout: connect".into()))?
    .map_err(|e| fail(format!("connect error: {e}")))?;
    let _ = s.set_nodelay(true);
    Ok(s)
}

/// Sends a `POST` of the JSON `body` to `t` (with a bearer token when `api_key` is given) on an
/// idle pooled connection, or a new one when `fresh` or none is idle, and reads the response
/// head.
pub async fn post<'p>(
    t: &Target,
    pool: &'p Pool,
    api_key: Option<&str>,
    body: &[u8],
    fresh: bool,
) -> Result<Response<'p>, SendError> {
    let (mut stream, pooled) = match (!fresh).then(|| pool.take()).flatten() {
        Some(s) => (s, true),
        None => (connect(t).await?, false),
    };
    let mut req = Vec::with_capacity(body.len() + 256);
    req.extend_from_slice(b"POST ");
    req.extend_from_slice(t.path.as_bytes());
    req.extend_from_slice(b" HTTP/1.1\r\nhost: ");
    req.extend_from_slice(t.host_header.as_bytes());
    req.extend_from_slice(b"\r\ncontent-type: application/json\r\naccept: */*\r\n");
    if let Some(k) = api_key {
        req.extend_from_slice(b"authorization: Bearer ");
        req.extend_from_slice(k.as_bytes());
        req.extend_from_slice(b"\r\n");
    }
    req.extend_from_slice(format!("content-length: {}\r\n\r\n", body.len()).as_bytes());
    req.extend_from_slice(body);
    if let Err(e) = stream.write_all(&req).await {
        return Err(SendError {
            closed_pooled: pooled && closed_kind(&e),
            reason: closed_reason(&e),
        });
    }
    read_head(stream, pooled, pool).await
}

/// The reason for an I/O error while sending or before the response head.
fn closed_reason(e: &io::Error) -> String {
    if closed_kind(e) {
        format!("transport error: connection closed before message completed ({e})")
    } else {
        format!("transport error: {e}")
    }
}

/// Reads the response head (a 1xx informational one is skipped).
async fn read_head(
    mut stream: TcpStream,
    pooled: bool,
    pool: &Pool,
) -> Result<Response<'_>, SendError> {
    let mut buf = Vec::with_capacity(16 << 10);
    let mut got_any = false;
    loop {
        let n = stream.read_buf(&mut buf).await.map_err(|e| SendError {
            closed_pooled: pooled && !got_any && closed_kind(&e),
            reason: closed_reason(&e),
        })?;
        if n == 0 {
            return Err(SendError {
                closed_pooled: pooled && !got_any,
                reason: "transport error: connection closed before message completed".into(),
            });
        }
        got_any = true;
        match parse_head(&buf) {
            Ok(Some((head, len))) if (100..200).contains(&head.status) && head.status != 101 => {
                buf.drain(..len);
            }
            Ok(Some((head, len))) => {
                buf.drain(..len);
                return Ok(Response {
                    stream: Some(stream),
                    pool,
                    status: head.status,
                    reusable: head.keep_alive,
                    framing: head.framing,
                    buf,
                    unread: true,
                });
            }
            Ok(None) if buf.len() > MAX_HEAD_BYTES => {
                return Err(SendError {
                    closed_pooled: false,
                    reason: format!(
                        "transport error: response head larger than {} KiB",
                        MAX_HEAD_BYTES >> 10
                    ),
                })
            }
            Ok(None) => {
                if buf.capacity() - buf.len() < 4096 {
                    buf.reserve(16 << 10);
                }
            }
            Err(e) => {
                return Err(SendError {
                    closed_pooled: false,
                    reason: format!("transport error: invalid response head: {e}"),
                })
            }
        }
    }
}

/// What the response head says.
#[derive(Debug, PartialEq)]
struct Head {
    status: u16,
    /// HTTP/1.1 without `Connection: close`: the connection may carry another request.
    keep_alive: bool,
    framing: Framing,
}

/// How the body's end is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    /// `Transfer-Encoding: chunked`, at this point of its framing.
    Chunked(Chunked),
    /// `Content-Length`: this many bytes left.
    Length(u64),
    /// Neither: the body ends when the server closes the connection.
    Eof,
    /// The body has ended.
    Done,
}

/// Where a chunked body's decoding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chunked {
    /// At a chunk-size line.
    Size,
    /// In a chunk's data: this many bytes left.
    Data(u64),
    /// At the CRLF after a chunk's data.
    DataEnd,
    /// After the last (zero-size) chunk: trailer lines up to an empty one.
    Trailer,
}

/// The head at the start of `buf` and its length; None while incomplete.
fn parse_head(buf: &[u8]) -> Result<Option<(Head, usize)>, String> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut r = httparse::Response::new(&mut headers);
    let len = match r.parse(buf).map_err(|e| e.to_string())? {
        httparse::Status::Complete(n) => n,
        httparse::Status::Partial => return Ok(None),
    };
    let status = r.code.unwrap_or(0);
    let mut keep_alive = r.version == Some(1);
    let mut chunked = false;
    let mut length = None;
    for h in r.headers.iter() {
        let value = String::from_utf8_lossy(h.value);
        if h.name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value
                .rsplit(',')
                .next()
                .is_some_and(|c| c.trim().eq_ignore_ascii_case("chunked"));
        } else if h.name.eq_ignore_ascii_case("content-length") {
            length = Some(
                value
                    .trim()
                    .parse::<u64>()
                    .map_err(|_| format!("bad content-length {value:?}"))?,
            );
        } else if h.name.eq_ignore_ascii_case("connection")
            && value
                .split(',')
                .any(|c| c.trim().eq_ignore_ascii_case("close"))
        {
            keep_alive = false;
        }
    }
    let framing = if status == 204 || status == 304 {
        Framing::Done
    } else if chunked {
        Framing::Chunked(Chunked::Size)
    } else {
        match length {
            Some(0) => Framing::Done,
            Some(n) => Framing::Length(n),
            None => {
                keep_alive = false;
                Framing::Eof
            }
        }
    };
    Ok(Some((
        Head {
            status,
            keep_alive,
            framing,
        },
        len,
    )))
}

/// A response whose head was read; its body is read with [`Response::next`].
pub struct Response<'p> {
    /// None once the body has ended (the connection back in the pool, or closed).
    stream: Option<TcpStream>,
    pool: &'p Pool,
    status: u16,
    reusable: bool,
    framing: Framing,
    /// Bytes read and not yet decoded.
    buf: Vec<u8>,
    /// True until the first [`Response::next`]: `buf` may hold body bytes read with the head.
    unread: bool,
}

impl Response<'_> {
    /// The status code.
    pub fn status(&self) -> u16 {
        self.status
    }

    /// Appends the body bytes of the next read of the connection to `out` (decoded; the
    /// first call gives those that came with the head, without reading); false once the body
    /// has ended, the connection then back in the pool when it may carry another request.
    pub async fn next(&mut self, out: &mut Vec<u8>) -> io::Result<bool> {
        if self.unread {
            self.unread = false;
            if !self.buf.is_empty() || self.framing == Framing::Done {
                self.decode(out)?;
                return Ok(self.check_end());
            }
        }
        if self.framing == Framing::Done {
            return Ok(false);
        }
        let Some(stream) = self.stream.as_mut() else {
            return Ok(false);
        };
        if self.buf.capacity() - self.buf.len() < 4096 {
            self.buf.reserve(16 << 10);
        }
        if stream.read_buf(&mut self.buf).await? == 0 {
            if self.framing == Framing::Eof {
                self.framing = Framing::Done;
                self.stream = None;
                return Ok(false);
            }
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the connection closed before the end of the body",
            ));
        }
        self.decode(out)?;
        Ok(self.check_end())
    }

    /// True while the body goes on; at its end, the connection goes back to the pool (when
    /// reusable) and false.
    fn check_end(&mut self) -> bool {
        if self.framing != Framing::Done {
            return true;
        }
        if let Some(s) = self.stream.take() {
            if self.reusable && self.buf.is_empty() {
                self.pool.put(s);
            }
        }
        false
    }

    /// Decodes what `buf` holds into `out`, leaving an incomplete line for the next read.
    fn decode(&mut self, out: &mut Vec<u8>) -> io::Result<()> {
        let (used, framing) = decode(&self.buf, self.framing, out)?;
        self.framing = framing;
        self.buf.drain(..used);
        Ok(())
    }
}

/// Decodes `b` under `framing` into `out`: the bytes used and the framing after them.
fn decode(b: &[u8], mut framing: Framing, out: &mut Vec<u8>) -> io::Result<(usize, Framing)> {
    let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
    let mut pos = 0;
    loop {
        let rest = &b[pos..];
        match framing {
            Framing::Done => break,
            Framing::Eof => {
                out.extend_from_slice(rest);
                pos = b.len();
                break;
            }
            Framing::Length(n) => {
                let k = rest.len().min(usize::try_from(n).unwrap_or(usize::MAX));
                out.extend_from_slice(&rest[..k]);
                pos += k;
                let left = n - k as u64;
                framing = if left == 0 {
                    Framing::Done
                } else {
                    Framing::Length(left)
                };
                break;
            }
            Framing::Chunked(Chunked::Data(n)) => {
                if rest.is_empty() {
                    break;
                }
                let k = rest.len().min(usize::try_from(n).unwrap_or(usize::MAX));
                out.extend_from_slice(&rest[..k]);
                pos += k;
                let left = n - k as u64;
                framing = Framing::Chunked(if left == 0 {
                    Chunked::DataEnd
                } else {
                    Chunked::Data(left)
                });
            }
            Framing::Chunked(Chunked::DataEnd) => {
                if rest.len() < 2 {
                    break;
                }
                if &rest[..2] != b"\r\n" {
                    return Err(bad("chunked body: no CRLF after a chunk"));
                }
                pos += 2;
                framing = Framing::Chunked(Chunked::Size);
            }
            Framing::Chunked(state @ (Chunked::Size | Chunked::Trailer)) => {
                let Some(end) = rest.windows(2).position(|w| w == b"\r\n") else {
                    if rest.len() > MAX_LINE_BYTES {
                        return Err(bad("chunked body: a line too long"));
                    }
                    break;
                };
                let line = &rest[..end];
                pos += end + 2;
                framing = match state {
                    Chunked::Size => {
                        let hex = line.split(|&c| c == b';').next().unwrap_or_default();
                        let hex = std::str::from_utf8(hex)
                            .map_err(|_| bad("chunked body: bad chunk size"))?
                            .trim();
                        match u64::from_str_radix(hex, 16) {
                            Ok(0) => Framing::Chunked(Chunked::Trailer),
                            Ok(n) => Framing::Chunked(Chunked::Data(n)),
                            Err(_) => return Err(bad("chunked body: bad chunk size")),
                        }
                    }
                    _ if line.is_empty() => Framing::Done,
                    _ => Framing::Chunked(Chunked::Trailer),
                };
            }
        }
    }
    Ok((pos, framing))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes `parts` one after the other, as successive reads would bring them.
    fn decode_parts(parts: &[&[u8]], framing: Framing) -> (Vec<u8>, Framing) {
        let (mut buf, mut out, mut f) = (Vec::new(), Vec::new(), framing);
        for p in parts {
            buf.extend_from_slice(p);
            let (used, next) = decode(&buf, f, &mut out).unwrap();
            buf.drain(..used);
            f = next;
        }
        (out, f)
    }

    #[test]
    fn chunked_bodies_decode_across_any_split() {
        let body = b"5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\nx-trailer: 1\r\n\r\n";
        let (out, f) = decode_parts(&[body], Framing::Chunked(Chunked::Size));
        assert_eq!((out.as_slice(), f), (&b"hello, world"[..], Framing::Done));
        for cut in 1..body.len() {
            for cut2 in cut..body.len() {
                let (out, f) = decode_parts(
                    &[&body[..cut], &body[cut..cut2], &body[cut2..]],
                    Framing::Chunked(Chunked::Size),
                );
                assert_eq!(
                    (out.as_slice(), f),
                    (&b"hello, world"[..], Framing::Done),
                    "{cut} {cut2}"
                );
            }
        }
        let mut out = Vec::new();
        assert!(decode(b"zz\r\n", Framing::Chunked(Chunked::Size), &mut out).is_err());
        assert!(decode(b"1\r\nabc\r\n", Framing::Chunked(Chunked::Size), &mut out).is_err());
    }

    #[test]
    fn length_and_eof_bodies() {
        let (out, f) = decode_parts(&[b"ab", b"cdef"], Framing::Length(5));
        assert_eq!((out.as_slice(), f), (&b"abcde"[..], Framing::Done));
        let (out, f) = decode_parts(&[b"ab", b"cd"], Framing::Eof);
        assert_eq!((out.as_slice(), f), (&b"abcd"[..], Framing::Eof));
    }

    #[test]
    fn heads_say_framing_and_reuse() {
        let h = |s: &str| parse_head(s.as_bytes()).unwrap().unwrap().0;
        assert_eq!(
            h("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nKeep-Alive: timeout=5\r\n\r\n"),
            Head {
                status: 200,
                keep_alive: true,
                framing: Framing::Chunked(Chunked::Size)
            }
        );
        assert_eq!(
            h("HTTP/1.1 404 Not Found\r\nContent-Length: 3\r\nConnection: close\r\n\r\n"),
            Head {
                status: 404,
                keep_alive: false,
                framing: Framing::Length(3)
            }
        );
        assert_eq!(
            h("HTTP/1.0 200 OK\r\n\r\n"),
            Head {
                status: 200,
                keep_alive: false,
                framing: Framing::Eof
            }
        );
        assert!(parse_head(b"HTTP/1.1 200 OK\r\nContent-")
            .unwrap()
            .is_none());
        assert!(parse_head(b"HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n").is_err());
    }

    #[test]
    fn targets_are_plain_http_only() {
        let t = Target::parse("http://127.0.0.1:8000/v1/completions").unwrap();
        assert_eq!(
            t,
            Target {
                connect_host: "127.0.0.1".into(),
                port: 8000,
                host_header: "127.0.0.1:8000".into(),
                path: "/v1/completions".into()
            }
        );
        let t = Target::parse("http://[::1]/v1/completions?x=1").unwrap();
        assert_eq!(
            (
                t.connect_host.as_str(),
                t.port,
                t.host_header.as_str(),
                t.path.as_str()
            ),
            ("::1", 80, "[::1]", "/v1/completions?x=1")
        );
        assert_eq!(Target::parse("https://example.com/v1/completions"), None);
        assert_eq!(Target::parse("http://u:p@example.com/v1/completions"), None);
    }
}
