//! The JSON of `v1=` links, read by hand into the same documents serde_json
//! read them into before, so that serde_json's deserialiser and the derived
//! visitors stay out of the page's download (about 20 KB of its gzip).
//!
//! It accepts exactly what `serde_json::from_str::<LinkDoc>` accepted and
//! gives the same values and messages (tests in `v1/tests.rs` compare the
//! two on sample links and on damaged ones):
//!
//! - a struct is an object of its fields or, as serde's derives also take
//!   it, an array of them in order (trailing ones with defaults may be left
//!   out); unknown fields are refused except in a view (`v`), where they are
//!   skipped; a field given twice is refused; absent fields take the same
//!   defaults; `null` stands for an absent optional field;
//! - numbers are read by serde_json's own algorithm (without its
//!   `float_roundtrip` feature), so coordinates get the same bits;
//! - strings take the same escapes, refuse control characters and lone
//!   surrogates;
//! - errors say what serde_json said, with the line and column it gave
//!   (except that a float in a message is quoted as the link writes it:
//!   printing it as serde_json did would link a float printer for this
//!   alone).

use super::{LinkDoc, PuzzleDoc, RulesDoc, SlideDoc, View};
use crate::position::json::{EdgeDoc, PositionDoc};
use crate::position::Point;
use crate::ui::page::PresenterPanel;

type R<T> = Result<T, String>;

const EOF_VALUE: &str = "EOF while parsing a value";
const EOF_LIST: &str = "EOF while parsing a list";
const EOF_OBJECT: &str = "EOF while parsing an object";
const EOF_STRING: &str = "EOF while parsing a string";
const EXPECTED_VALUE: &str = "expected value";
const KEY_STRING: &str = "key must be a string";
const TRAILING_COMMA: &str = "trailing comma";
const TRAILING_CHARACTERS: &str = "trailing characters";
const INVALID_NUMBER: &str = "invalid number";
const OUT_OF_RANGE: &str = "number out of range";
const LONE_SURROGATE: &str = "lone leading surrogate in hex escape";

/// The JSON of a `v1=` link as its document.
pub(super) fn parse(text: &str) -> R<LinkDoc> {
    let mut json = Json { text, i: 0 };
    let doc = json.link()?;
    if json.ws().is_some() {
        return Err(json.peek_err(TRAILING_CHARACTERS));
    }
    Ok(doc)
}

/// A number as serde_json reads it: non-negative integers, negative ones,
/// and everything else (fractions, exponents, integers past 64 bits, `-0`).
#[derive(Clone, Copy)]
enum Num {
    U(u64),
    I(i64),
    F(f64),
}

impl Num {
    /// How serde names the number (written `source`) in a message.
    fn unexpected(self, source: &str) -> String {
        match self {
            Num::U(v) => format!("integer `{v}`"),
            Num::I(v) => format!("integer `{v}`"),
            Num::F(_) => format!("floating point `{source}`"),
        }
    }
}

/// A struct's shape as serde's derive sees it.
struct DocShape {
    name: &'static str,
    fields: &'static [&'static str],
    /// Fields without a default (bit k for field k).
    required: u16,
    /// Refuse unknown fields (`#[serde(deny_unknown_fields)]`).
    deny: bool,
    /// The fields as serde lists them in an "unknown field" message.
    listed: &'static str,
}

const LINK: DocShape = DocShape {
    name: "LinkDoc",
    fields: &["s", "i", "e", "pr"],
    required: 1,
    deny: true,
    listed: "one of `s`, `i`, `e`, `pr`",
};
const SLIDE: DocShape = DocShape {
    name: "SlideDoc",
    fields: &["p", "r", "f", "m", "at", "v", "t", "q"],
    required: 1,
    deny: true,
    listed: "one of `p`, `r`, `f`, `m`, `at`, `v`, `t`, `q`",
};
const POSITION: DocShape = DocShape {
    name: "PositionDoc",
    fields: &["version", "vertices", "edges"],
    required: 0b111,
    deny: true,
    listed: "one of `version`, `vertices`, `edges`",
};
const POINT: DocShape = DocShape {
    name: "Point",
    fields: &["x", "y"],
    required: 0b11,
    deny: true,
    listed: "`x` or `y`",
};
const EDGE: DocShape = DocShape {
    name: "EdgeDoc",
    fields: &["u", "v", "colour"],
    required: 0b111,
    deny: true,
    listed: "one of `u`, `v`, `colour`",
};
const RULES: DocShape = DocShape {
    name: "RulesDoc",
    fields: &["n", "fl", "w", "lb", "c"],
    required: 0,
    deny: true,
    listed: "one of `n`, `fl`, `w`, `lb`, `c`",
};
const VIEW: DocShape = DocShape {
    name: "View",
    fields: &["hide", "cb", "play", "panel"],
    required: 0,
    deny: false,
    listed: "",
};
const PUZZLE: DocShape = DocShape {
    name: "PuzzleDoc",
    fields: &["k", "h"],
    required: 1,
    deny: true,
    listed: "`k` or `h`",
};

/// 10^n rounded to the nearest `f64` (ties to even), as the literals of
/// serde_json's table of powers are: exact up to 10^22, beyond from the
/// top bits of 5^n.
fn pow10(n: u32) -> f64 {
    if n <= 22 {
        return (0..n).fold(1.0, |f, _| f * 10.0);
    }
    // 5^n in 32-bit limbs, least significant first (5^308 < 2^716).
    let mut limbs = vec![1u32];
    for _ in 0..n {
        let mut carry = 0u64;
        for l in &mut limbs {
            let v = u64::from(*l) * 5 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    let bit = |k: u32| limbs[(k / 32) as usize] >> (k % 32) & 1 == 1;
    let top = limbs.len() as u32 * 32 - limbs[limbs.len() - 1].leading_zeros();
    // n > 22: 5^n has more than 53 bits.
    let shift = top - 53;
    let mut m = (shift..top)
        .rev()
        .fold(0u64, |m, k| m << 1 | u64::from(bit(k)));
    let sticky = (0..shift - 1).any(bit);
    if bit(shift - 1) && (sticky || m & 1 == 1) {
        m += 1;
    }
    // m ≤ 2^53 is exact; 10^n = m · 2^(shift + n), and shift + n < 1000.
    m as f64 * f64::from_bits(u64::from(shift + n + 1023) << 52)
}

struct Json<'a> {
    text: &'a str,
    /// The next byte to read.
    i: usize,
}

impl Json<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.i).copied()
    }

    fn peek_or_null(&self) -> u8 {
        self.peek().unwrap_or(0)
    }

    fn next(&mut self) -> Option<u8> {
        let c = self.peek();
        if c.is_some() {
            self.i += 1;
        }
        c
    }

    /// Skip whitespace; the next byte.
    fn ws(&mut self) -> Option<u8> {
        while let Some(b' ' | b'\n' | b'\t' | b'\r') = self.peek() {
            self.i += 1;
        }
        self.peek()
    }

    /// `msg` at byte `i`, with serde_json's line and column.
    fn at(&self, msg: &str, i: usize) -> String {
        let before = &self.text.as_bytes()[..i.min(self.text.len())];
        let start = before
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
        let line = 1 + before[..start].iter().filter(|&&c| c == b'\n').count();
        format!("{msg} at line {line} column {}", before.len() - start)
    }

    /// An error about the bytes read so far.
    fn err(&self, msg: &str) -> String {
        self.at(msg, self.i)
    }

    /// An error about the next byte.
    fn peek_err(&self, msg: &str) -> String {
        self.at(msg, self.i + 1)
    }

    /// An error a struct's reader finds once its fields are read: serde_json
    /// closes the object or array first, so it points past the closing
    /// bracket.
    fn closing_err(&mut self, close: u8, msg: &str) -> String {
        if self.ws() == Some(close) {
            self.i += 1;
        }
        self.err(msg)
    }

    /// The first byte of a value.
    fn start(&mut self) -> R<u8> {
        self.ws().ok_or_else(|| self.peek_err(EOF_VALUE))
    }

    /// The rest of `null`, `true` or `false`.
    fn ident(&mut self, rest: &[u8]) -> R<()> {
        for &want in rest {
            match self.next() {
                None => return Err(self.err(EOF_VALUE)),
                Some(c) if c != want => return Err(self.err("expected ident")),
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// `null`, read if it comes next (an absent optional field).
    fn null(&mut self) -> R<bool> {
        if self.ws() != Some(b'n') {
            return Ok(false);
        }
        self.i += 1;
        self.ident(b"ull")?;
        Ok(true)
    }

    /// The value that comes next, read and named in an "invalid type"
    /// message as serde_json names it.
    fn invalid_type(&mut self, expected: &str) -> String {
        let what = match self.peek_or_null() {
            c @ (b'n' | b't' | b'f') => {
                self.i += 1;
                let (rest, what): (&[u8], _) = match c {
                    b'n' => (b"ull", "null"),
                    b't' => (b"rue", "boolean `true`"),
                    _ => (b"alse", "boolean `false`"),
                };
                if let Err(e) = self.ident(rest) {
                    return e;
                }
                what.to_string()
            }
            c @ (b'-' | b'0'..=b'9') => {
                let from = self.i;
                let positive = c != b'-';
                if !positive {
                    self.i += 1;
                }
                match self.integer(positive) {
                    Ok(n) => n.unexpected(self.text.get(from..self.i).unwrap_or_default()),
                    Err(e) => return e,
                }
            }
            b'"' => {
                self.i += 1;
                match self.str_body(true) {
                    Ok(s) => format!("string {s:?}"),
                    Err(e) => return e,
                }
            }
            b'[' => "sequence".to_string(),
            b'{' => "map".to_string(),
            _ => return self.peek_err(EXPECTED_VALUE),
        };
        self.err(&format!("invalid type: {what}, expected {expected}"))
    }

    fn boolean(&mut self) -> R<bool> {
        match self.start()? {
            b't' => {
                self.i += 1;
                self.ident(b"rue")?;
                Ok(true)
            }
            b'f' => {
                self.i += 1;
                self.ident(b"alse")?;
                Ok(false)
            }
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    fn string(&mut self) -> R<String> {
        match self.start()? {
            b'"' => {
                self.i += 1;
                self.str_body(true)
            }
            _ => Err(self.invalid_type("a string")),
        }
    }

    fn option_string(&mut self) -> R<Option<String>> {
        Ok(if self.null()? {
            None
        } else {
            Some(self.string()?)
        })
    }

    /// A string's contents after its opening quote, up to and past its
    /// closing one. `checked`: surrogate escapes must pair (strings that
    /// are kept); skipped strings only need four hex digits per `\u`.
    fn str_body(&mut self, checked: bool) -> R<String> {
        let mut out = String::new();
        let mut start = self.i;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.err(EOF_STRING));
            };
            // Quotes, backslashes and control characters are ASCII, so
            // `start` and `i` always fall between characters here.
            if c == b'"' || c == b'\\' {
                out.push_str(self.text.get(start..self.i).unwrap_or_default());
            }
            if c < 0x20 {
                // serde_json points past the character in kept strings, at
                // it in skipped ones.
                self.i += usize::from(checked);
                return Err(
                    self.err("control character (\\u0000-\\u001F) found while parsing a string")
                );
            }
            self.i += 1;
            match c {
                b'"' => return Ok(out),
                b'\\' => {
                    self.escape(checked, &mut out)?;
                    start = self.i;
                }
                _ => {}
            }
        }
    }

    /// One escape after its backslash.
    fn escape(&mut self, checked: bool, out: &mut String) -> R<()> {
        let c = self.next().ok_or_else(|| self.err(EOF_STRING))?;
        out.push(match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\x08',
            b'f' => '\x0c',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode_escape(checked, out),
            _ => return Err(self.err("invalid escape")),
        });
        Ok(())
    }

    /// `\u` and its four hex digits, and the trailing surrogate's escape
    /// after a leading one.
    fn unicode_escape(&mut self, checked: bool, out: &mut String) -> R<()> {
        let n = self.hex4()?;
        if !checked {
            return Ok(());
        }
        let code = match n {
            0xDC00..=0xDFFF => return Err(self.err(LONE_SURROGATE)),
            0xD800..=0xDBFF => {
                for want in [b'\\', b'u'] {
                    match self.next() {
                        None => return Err(self.err(EOF_STRING)),
                        Some(c) if c != want => {
                            return Err(self.err("unexpected end of hex escape"))
                        }
                        Some(_) => {}
                    }
                }
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return Err(self.err(LONE_SURROGATE));
                }
                0x1_0000 + ((n - 0xD800) << 10 | (low - 0xDC00))
            }
            _ => n,
        };
        out.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
        Ok(())
    }

    fn hex4(&mut self) -> R<u32> {
        let Some(digits) = self.text.as_bytes().get(self.i..self.i + 4) else {
            self.i = self.text.len();
            return Err(self.err(EOF_STRING));
        };
        self.i += 4;
        digits
            .iter()
            .try_fold(0, |n, &d| Some(n << 4 | (d as char).to_digit(16)?))
            .ok_or_else(|| self.err("invalid escape"))
    }

    /// `:` between a key and its value.
    fn colon(&mut self) -> R<()> {
        match self.ws() {
            Some(b':') => {
                self.i += 1;
                Ok(())
            }
            Some(_) => Err(self.peek_err("expected `:`")),
            None => Err(self.peek_err(EOF_OBJECT)),
        }
    }

    /// Whether an array has another element (its comma read).
    fn has_next_element(&mut self, first: &mut bool) -> R<bool> {
        let c = self.ws().ok_or_else(|| self.peek_err(EOF_LIST))?;
        if c == b']' {
            return Ok(false);
        }
        if *first {
            *first = false;
            return Ok(true);
        }
        if c != b',' {
            return Err(self.peek_err("expected `,` or `]`"));
        }
        self.i += 1;
        match self.ws() {
            Some(b']') => Err(self.peek_err(TRAILING_COMMA)),
            Some(_) => Ok(true),
            None => Err(self.peek_err(EOF_VALUE)),
        }
    }

    /// An array's closing bracket.
    fn end_seq(&mut self) -> R<()> {
        match self.ws() {
            Some(b']') => {
                self.i += 1;
                Ok(())
            }
            Some(b',') => {
                self.i += 1;
                let msg = if self.ws() == Some(b']') {
                    TRAILING_COMMA
                } else {
                    TRAILING_CHARACTERS
                };
                Err(self.peek_err(msg))
            }
            Some(_) => Err(self.peek_err(TRAILING_CHARACTERS)),
            None => Err(self.peek_err(EOF_LIST)),
        }
    }

    /// An array, each element read by `item`.
    fn seq(&mut self, item: &mut dyn FnMut(&mut Self) -> R<()>) -> R<()> {
        if self.start()? != b'[' {
            return Err(self.invalid_type("a sequence"));
        }
        self.i += 1;
        let mut first = true;
        while self.has_next_element(&mut first)? {
            item(self)?;
        }
        self.end_seq()
    }

    /// A struct of shape `shape`, field k read by `field(self, k)`.
    fn record(
        &mut self,
        shape: &DocShape,
        field: &mut dyn FnMut(&mut Self, usize) -> R<()>,
    ) -> R<()> {
        match self.start()? {
            b'{' => self.i += 1,
            b'[' => {
                self.i += 1;
                let mut first = true;
                for k in 0..shape.fields.len() {
                    if self.has_next_element(&mut first)? {
                        field(self, k)?;
                    } else if shape.required >> k & 1 == 1 {
                        let count = shape.fields.len();
                        let msg = format!(
                            "invalid length {k}, expected struct {} with {count} element{}",
                            shape.name,
                            if count == 1 { "" } else { "s" }
                        );
                        return Err(self.closing_err(b']', &msg));
                    }
                }
                return self.end_seq();
            }
            _ => return Err(self.invalid_type(&format!("struct {}", shape.name))),
        }
        let mut seen = 0u16;
        let mut first = true;
        loop {
            let c = self.ws().ok_or_else(|| self.peek_err(EOF_OBJECT))?;
            if c == b'}' {
                break;
            }
            if first {
                first = false;
                if c != b'"' {
                    return Err(self.peek_err(KEY_STRING));
                }
            } else if c == b',' {
                self.i += 1;
                match self.ws() {
                    Some(b'"') => {}
                    Some(b'}') => return Err(self.peek_err(TRAILING_COMMA)),
                    Some(_) => return Err(self.peek_err(KEY_STRING)),
                    None => return Err(self.peek_err(EOF_VALUE)),
                }
            } else {
                return Err(self.peek_err("expected `,` or `}`"));
            }
            self.i += 1;
            let key = self.str_body(true)?;
            match shape.fields.iter().position(|&f| f == key) {
                Some(k) => {
                    if seen >> k & 1 == 1 {
                        return Err(self.closing_err(b'}', &format!("duplicate field `{key}`")));
                    }
                    seen |= 1 << k;
                    self.colon()?;
                    field(self, k)?;
                }
                None if shape.deny => {
                    let msg = format!("unknown field `{key}`, expected {}", shape.listed);
                    return Err(self.closing_err(b'}', &msg));
                }
                None => {
                    self.colon()?;
                    self.skip_value()?;
                }
            }
        }
        self.i += 1;
        let missing = shape.required & !seen;
        if missing != 0 {
            let name = shape.fields[missing.trailing_zeros() as usize];
            return Err(self.err(&format!("missing field `{name}`")));
        }
        Ok(())
    }

    /// A number after its sign, as serde_json's `parse_integer` reads it.
    fn integer(&mut self, positive: bool) -> R<Num> {
        match self.next() {
            None => Err(self.err(EOF_VALUE)),
            Some(b'0') if self.peek_or_null().is_ascii_digit() => {
                Err(self.peek_err(INVALID_NUMBER))
            }
            Some(c @ b'0'..=b'9') => {
                let mut significand = u64::from(c - b'0');
                loop {
                    let c = self.peek_or_null();
                    if !c.is_ascii_digit() {
                        break;
                    }
                    let Some(next) = significand
                        .checked_mul(10)
                        .and_then(|s| s.checked_add(u64::from(c - b'0')))
                    else {
                        return self.long_integer(positive, significand).map(Num::F);
                    };
                    self.i += 1;
                    significand = next;
                }
                Ok(match self.peek_or_null() {
                    b'.' => Num::F(self.decimal(positive, significand, 0)?),
                    b'e' | b'E' => Num::F(self.exponent(positive, significand, 0)?),
                    _ if positive => Num::U(significand),
                    _ => {
                        let neg = (significand as i64).wrapping_neg();
                        // `-0` and integers below i64::MIN are floats.
                        if neg >= 0 {
                            Num::F(-(significand as f64))
                        } else {
                            Num::I(neg)
                        }
                    }
                })
            }
            Some(_) => Err(self.err(INVALID_NUMBER)),
        }
    }

    /// Digits past 64 bits of an integer only scale it.
    fn long_integer(&mut self, positive: bool, significand: u64) -> R<f64> {
        let mut exponent = 0;
        loop {
            match self.peek_or_null() {
                b'0'..=b'9' => {
                    self.i += 1;
                    exponent += 1;
                }
                b'.' => return self.decimal(positive, significand, exponent),
                b'e' | b'E' => return self.exponent(positive, significand, exponent),
                _ => return self.scaled(positive, significand, exponent),
            }
        }
    }

    fn decimal(&mut self, positive: bool, mut significand: u64, before: i32) -> R<f64> {
        self.i += 1;
        let mut after = 0;
        let mut overflowed = false;
        while let c @ b'0'..=b'9' = self.peek_or_null() {
            if !overflowed {
                match significand
                    .checked_mul(10)
                    .and_then(|s| s.checked_add(u64::from(c - b'0')))
                {
                    Some(next) => {
                        significand = next;
                        after -= 1;
                    }
                    // Further digits are ignored.
                    None => overflowed = true,
                }
            }
            self.i += 1;
        }
        if after == 0 && !overflowed {
            return Err(self.peek_err(if self.peek().is_some() {
                INVALID_NUMBER
            } else {
                EOF_VALUE
            }));
        }
        let exponent = before + after;
        match self.peek_or_null() {
            b'e' | b'E' => self.exponent(positive, significand, exponent),
            _ => self.scaled(positive, significand, exponent),
        }
    }

    fn exponent(&mut self, positive: bool, significand: u64, start: i32) -> R<f64> {
        self.i += 1;
        let positive_exp = match self.peek_or_null() {
            b'+' => {
                self.i += 1;
                true
            }
            b'-' => {
                self.i += 1;
                false
            }
            _ => true,
        };
        let mut exp = match self.next() {
            None => return Err(self.err(EOF_VALUE)),
            Some(c @ b'0'..=b'9') => i32::from(c - b'0'),
            Some(_) => return Err(self.err(INVALID_NUMBER)),
        };
        while let c @ b'0'..=b'9' = self.peek_or_null() {
            self.i += 1;
            let Some(next) = exp
                .checked_mul(10)
                .and_then(|e| e.checked_add(i32::from(c - b'0')))
            else {
                // Past i32: infinity is an error, anything else is zero.
                if significand != 0 && positive_exp {
                    return Err(self.err(OUT_OF_RANGE));
                }
                while self.peek_or_null().is_ascii_digit() {
                    self.i += 1;
                }
                return Ok(if positive { 0.0 } else { -0.0 });
            };
            exp = next;
        }
        let exponent = if positive_exp {
            start.saturating_add(exp)
        } else {
            start.saturating_sub(exp)
        };
        self.scaled(positive, significand, exponent)
    }

    /// significand · 10^exponent as serde_json computes it: one product or
    /// quotient by a power of ten, below 10^-308 in steps of 10^308.
    fn scaled(&self, positive: bool, significand: u64, mut exponent: i32) -> R<f64> {
        let mut f = significand as f64;
        loop {
            let n = exponent.unsigned_abs();
            if n <= 308 {
                if exponent >= 0 {
                    f *= pow10(n);
                    if f.is_infinite() {
                        return Err(self.err(OUT_OF_RANGE));
                    }
                } else {
                    f /= pow10(n);
                }
                break;
            }
            if f == 0.0 {
                break;
            }
            if exponent >= 0 {
                return Err(self.err(OUT_OF_RANGE));
            }
            f /= 1e308;
            exponent += 308;
        }
        Ok(if positive { f } else { -f })
    }

    /// A number as a field of type `expected` (`u32` or `usize`, at most
    /// `max`) or `f64` (`max` unused) takes it.
    fn number(&mut self, expected: &str, max: u64) -> R<Num> {
        self.ws();
        let from = self.i;
        let n = match self.start()? {
            b'-' => {
                self.i += 1;
                self.integer(false)?
            }
            b'0'..=b'9' => self.integer(true)?,
            _ => return Err(self.invalid_type(expected)),
        };
        match n {
            _ if expected == "f64" => Ok(n),
            Num::U(v) if v <= max => Ok(n),
            _ => {
                // A float is of the wrong type, an integer out of range.
                let kind = if let Num::F(_) = n { "type" } else { "value" };
                let what = n.unexpected(self.text.get(from..self.i).unwrap_or_default());
                Err(self.err(&format!("invalid {kind}: {what}, expected {expected}")))
            }
        }
    }

    fn unsigned(&mut self) -> R<usize> {
        match self.number("usize", usize::MAX as u64)? {
            Num::U(v) => Ok(v as usize),
            _ => Ok(0),
        }
    }

    fn float(&mut self) -> R<f64> {
        Ok(match self.number("f64", 0)? {
            Num::U(v) => v as f64,
            Num::I(v) => v as f64,
            Num::F(v) => v,
        })
    }

    /// A value serde skips (an unknown field of a view): any JSON, however
    /// deep, read without recursion as serde_json's `ignore_value` reads it.
    fn skip_value(&mut self) -> R<()> {
        // Open brackets, innermost last.
        let mut open: Vec<u8> = Vec::new();
        loop {
            // A value.
            match self.start()? {
                b'n' | b't' | b'f' => {
                    let c = self.next().unwrap_or(0);
                    self.ident(match c {
                        b'n' => b"ull",
                        b't' => b"rue",
                        _ => b"alse",
                    })?;
                }
                c @ (b'-' | b'0'..=b'9') => {
                    if c == b'-' {
                        self.i += 1;
                    }
                    self.skip_number()?;
                }
                b'"' => {
                    self.i += 1;
                    self.str_body(false)?;
                }
                c @ (b'[' | b'{') => {
                    self.i += 1;
                    open.push(c);
                    // An empty array or object closes at once.
                    let close = if c == b'[' { b']' } else { b'}' };
                    match self.ws() {
                        Some(next) if next == close => {}
                        Some(_) => {
                            if c == b'{' {
                                self.key()?;
                            }
                            continue;
                        }
                        None if c == b'[' => return Err(self.peek_err(EOF_LIST)),
                        None => return Err(self.peek_err(EOF_OBJECT)),
                    }
                }
                _ => return Err(self.peek_err(EXPECTED_VALUE)),
            }
            // Close what ends here, then on to the next element or key.
            loop {
                let Some(&frame) = open.last() else {
                    return Ok(());
                };
                let close = if frame == b'[' { b']' } else { b'}' };
                match self.ws() {
                    Some(c) if c == close => {
                        self.i += 1;
                        open.pop();
                    }
                    Some(b',') => {
                        self.i += 1;
                        if frame == b'{' {
                            self.key()?;
                        }
                        break;
                    }
                    Some(_) if frame == b'[' => return Err(self.peek_err("expected `,` or `]`")),
                    Some(_) => return Err(self.peek_err("expected `,` or `}`")),
                    None if frame == b'[' => return Err(self.peek_err(EOF_LIST)),
                    None => return Err(self.peek_err(EOF_OBJECT)),
                }
            }
        }
    }

    /// A key and its colon in a skipped object.
    fn key(&mut self) -> R<()> {
        match self.ws() {
            Some(b'"') => self.i += 1,
            Some(_) => return Err(self.peek_err(KEY_STRING)),
            None => return Err(self.peek_err(EOF_OBJECT)),
        }
        self.str_body(false)?;
        self.colon()
    }

    /// A skipped number after its sign (`ignore_integer`).
    fn skip_number(&mut self) -> R<()> {
        match self.next().unwrap_or(0) {
            b'0' if self.peek_or_null().is_ascii_digit() => {
                return Err(self.peek_err(INVALID_NUMBER))
            }
            b'0'..=b'9' => self.skip_digits(),
            _ => return Err(self.err(INVALID_NUMBER)),
        };
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.skip_digits() == 0 {
                return Err(self.peek_err(INVALID_NUMBER));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.i += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if !self.next().unwrap_or(0).is_ascii_digit() {
                return Err(self.err(INVALID_NUMBER));
            }
            self.skip_digits();
        }
        Ok(())
    }

    fn skip_digits(&mut self) -> usize {
        let from = self.i;
        while self.peek_or_null().is_ascii_digit() {
            self.i += 1;
        }
        self.i - from
    }

    fn link(&mut self) -> R<LinkDoc> {
        let mut doc = LinkDoc {
            s: Vec::new(),
            i: 0,
            e: String::new(),
            pr: false,
        };
        self.record(&LINK, &mut |j, k| {
            match k {
                0 => j.seq(&mut |j| {
                    doc.s.push(j.slide()?);
                    Ok(())
                })?,
                1 => doc.i = j.unsigned()?,
                2 => doc.e = j.string()?,
                _ => doc.pr = j.boolean()?,
            }
            Ok(())
        })?;
        Ok(doc)
    }

    fn slide(&mut self) -> R<SlideDoc> {
        let mut s = SlideDoc {
            p: PositionDoc {
                version: 0,
                vertices: Vec::new(),
                edges: Vec::new(),
            },
            r: RulesDoc::default(),
            f: None,
            m: Vec::new(),
            at: None,
            v: View::default(),
            t: String::new(),
            q: None,
        };
        self.record(&SLIDE, &mut |j, k| {
            match k {
                0 => s.p = j.position()?,
                1 => s.r = j.rules()?,
                2 => s.f = j.option_string()?,
                3 => j.seq(&mut |j| {
                    s.m.push(j.string()?);
                    Ok(())
                })?,
                4 => s.at = if j.null()? { None } else { Some(j.unsigned()?) },
                5 => s.v = j.view()?,
                6 => s.t = j.string()?,
                _ => s.q = if j.null()? { None } else { Some(j.puzzle()?) },
            }
            Ok(())
        })?;
        Ok(s)
    }

    fn position(&mut self) -> R<PositionDoc> {
        let mut p = PositionDoc {
            version: 0,
            vertices: Vec::new(),
            edges: Vec::new(),
        };
        self.record(&POSITION, &mut |j, k| {
            match k {
                0 => {
                    if let Num::U(v) = j.number("u32", u32::MAX.into())? {
                        p.version = v as u32;
                    }
                }
                1 => j.seq(&mut |j| {
                    let mut pt = Point { x: 0.0, y: 0.0 };
                    j.record(&POINT, &mut |j, k| {
                        let v = j.float()?;
                        if k == 0 {
                            pt.x = v;
                        } else {
                            pt.y = v;
                        }
                        Ok(())
                    })?;
                    p.vertices.push(pt);
                    Ok(())
                })?,
                _ => j.seq(&mut |j| {
                    let mut e = EdgeDoc {
                        u: 0,
                        v: 0,
                        colour: String::new(),
                    };
                    j.record(&EDGE, &mut |j, k| {
                        match k {
                            0 => e.u = j.unsigned()?,
                            1 => e.v = j.unsigned()?,
                            _ => e.colour = j.string()?,
                        }
                        Ok(())
                    })?;
                    p.edges.push(e);
                    Ok(())
                })?,
            }
            Ok(())
        })?;
        Ok(p)
    }

    fn rules(&mut self) -> R<RulesDoc> {
        let mut r = RulesDoc::default();
        self.record(&RULES, &mut |j, k| {
            if k == 0 {
                r.n = j.string()?;
            } else {
                *[&mut r.fl, &mut r.w, &mut r.lb, &mut r.c][k - 1] = j.option_string()?;
            }
            Ok(())
        })?;
        Ok(r)
    }

    fn view(&mut self) -> R<View> {
        let mut v = View::default();
        self.record(&VIEW, &mut |j, k| {
            match k {
                0 => v.hide_values = j.boolean()?,
                1 => v.colour_blind = j.boolean()?,
                2 => v.play = j.boolean()?,
                _ => v.panel = j.panel()?,
            }
            Ok(())
        })?;
        Ok(v)
    }

    fn puzzle(&mut self) -> R<PuzzleDoc> {
        let mut q = PuzzleDoc::default();
        self.record(&PUZZLE, &mut |j, k| {
            if k == 0 {
                q.k = j.string()?;
            } else {
                q.h = j.string()?;
            }
            Ok(())
        })?;
        Ok(q)
    }

    /// What presenter mode shows: `"value"`, or as serde_json also takes a
    /// unit variant, `{"value":null}`.
    fn panel(&mut self) -> R<PresenterPanel> {
        let braced = match self.start()? {
            b'"' => false,
            b'{' => {
                self.i += 1;
                match self.ws() {
                    Some(b'"') => {}
                    Some(b'}') => return Err(self.peek_err(EXPECTED_VALUE)),
                    Some(_) => return Err(self.peek_err(KEY_STRING)),
                    None => return Err(self.peek_err(EOF_OBJECT)),
                }
                true
            }
            _ => return Err(self.peek_err(EXPECTED_VALUE)),
        };
        self.i += 1;
        let name = self.str_body(true)?;
        let panel = match name.as_str() {
            "value" => PresenterPanel::Value,
            "explorer" => PresenterPanel::Explorer,
            "matrix" => PresenterPanel::Matrix,
            _ => {
                return Err(self.err(&format!(
                    "unknown variant `{name}`, expected one of `value`, `explorer`, `matrix`"
                )))
            }
        };
        if braced {
            self.colon()?;
            if !self.null()? {
                self.start()?;
                return Err(self.invalid_type("unit"));
            }
            match self.ws() {
                Some(b'}') => self.i += 1,
                Some(_) => return Err(self.err(EXPECTED_VALUE)),
                None => return Err(self.err(EOF_OBJECT)),
            }
        }
        Ok(panel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_of_ten_are_the_nearest_doubles() {
        for n in 0..=308 {
            let want: f64 = format!("1e{n}").parse().unwrap();
            assert_eq!(pow10(n).to_bits(), want.to_bits(), "10^{n}");
        }
    }
}
