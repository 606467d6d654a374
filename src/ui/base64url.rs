//! Base64url (RFC 4648 §5) without padding, for share links: URL-safe, and
//! small enough not to warrant a dependency. Decoding accepts optional `=`
//! padding and reports the first bad character.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        // A chunk of k bytes needs k + 1 characters.
        for k in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

fn value(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    } as u32)
}

pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim_end_matches('=');
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return Err("the link data has a length no base64url text can have (truncated?)".into());
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3 + 2);
    for (c, chunk) in bytes.chunks(4).enumerate() {
        let mut n = 0u32;
        for (k, &ch) in chunk.iter().enumerate() {
            let v = value(ch).ok_or_else(|| {
                let at = c * 4 + k;
                // Name the character only when it is printable ASCII; the
                // message ends up in the page.
                if ch.is_ascii_graphic() {
                    format!(
                        "the link data has an invalid character {:?} at position {at}",
                        ch as char
                    )
                } else {
                    format!("the link data has an invalid character at position {at}")
                }
            })?;
            n |= v << (18 - 6 * k);
        }
        // k characters carry k − 1 whole bytes.
        for k in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * k)) as u8);
        }
    }
    Ok(out)
}
