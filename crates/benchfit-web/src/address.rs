//! Where the page keeps its state in the address: the query (`?…`), or for a long one the
//! fragment (`#…`). Browsers never send the fragment to the server, so a long pasted claim
//! cannot make a server refuse the link (HTTP 414 URI Too Long: nginx and Apache refuse
//! request lines over about 8 KB by default); the page reads either.

/// Queries longer than this many bytes go in the fragment: well under the ~8 KB request-line
/// limit of common servers and proxies (nginx `large_client_header_buffers` 8k, Apache
/// `LimitRequestLine` 8190), leaving room for the path and the host's own parameters.
pub const LONG_QUERY_BYTES: usize = 4_000;

/// `query` (no `?`) as a relative address: `path?query`, or `path#query` when longer than
/// [`LONG_QUERY_BYTES`]. `path` is the page's path (a fragment alone would keep the old query).
#[must_use]
pub fn relative(path: &str, query: &str) -> String {
    if query.len() > LONG_QUERY_BYTES {
        format!("{path}#{query}")
    } else {
        format!("{path}?{query}")
    }
}

/// The state part of an address: its query if it has one, else its fragment (without `?` or
/// `#`).
#[must_use]
pub fn state_of(search: &str, hash: &str) -> String {
    let search = search.trim_start_matches('?');
    if search.is_empty() {
        hash.trim_start_matches('#').to_string()
    } else {
        search.to_string()
    }
}

/// The page's own state part ([`state_of`] of the window's location); empty without a window.
pub(crate) fn current() -> String {
    web_sys::window()
        .map(|w| {
            let l = w.location();
            state_of(
                &l.search().unwrap_or_default(),
                &l.hash().unwrap_or_default(),
            )
        })
        .unwrap_or_default()
}

/// The page's path (`/` without a window).
pub(crate) fn path() -> String {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_else(|| "/".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_queries_go_in_the_fragment_and_read_back() {
        let short = "v=1&b=Llama";
        assert_eq!(relative("/app/", short), "/app/?v=1&b=Llama");
        let long = format!("v=1&b={}", "x".repeat(LONG_QUERY_BYTES));
        let a = relative("/app/", &long);
        assert!(a.starts_with("/app/#v=1&b=x"));
        // Read back from either place; a query wins over a stale fragment.
        let (search, hash) = a
            .split_once('#')
            .map_or((a.as_str(), ""), |(p, h)| (&p[5..], h));
        assert_eq!(state_of(search, &format!("#{hash}")), long);
        assert_eq!(state_of("?v=1&b=a", "#v=1&b=zzz"), "v=1&b=a");
        assert_eq!(state_of("", ""), "");
    }
}
