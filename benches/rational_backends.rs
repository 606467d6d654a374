//! The synchronous solver's exact arithmetic, measured on operands of the
//! sizes sums of halves reach (thousands to tens of thousands of bits):
//! num-rational with its own (binary) gcd, num-bigint with the hand-written
//! Lehmer gcd of `support/fastq.rs` (what the solver used before), and
//! dashu-ratio (what it uses now, through `sync::q`).
//! Three operations: reducing a fraction with a large common factor, the
//! 2×2 matrix-game value (ad − bc)/(a − b − c + d), and the weighted average
//! of two values with related denominators (once reduced at the end, once
//! step by step). Each prints the mean time per operation and the ratio to
//! the fastq path.
//! Run with `cargo bench --bench rational_backends`.

/// As in the `hackenbush` binary, so the figures are what the tool does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use dashu_base::UnsignedAbs;
#[path = "support/fastq.rs"]
#[allow(dead_code)]
mod fastq;

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use std::time::Instant;

fn random_bytes(seed: &mut u64, bits: usize) -> Vec<u8> {
    let mut out: Vec<u8> = (0..bits / 8)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed as u8
        })
        .collect();
    if let Some(top) = out.last_mut() {
        *top |= 0x80;
    }
    out
}

fn num(b: &[u8]) -> BigInt {
    BigInt::from_bytes_le(Sign::Plus, b)
}

fn dashu(b: &[u8]) -> dashu_int::IBig {
    dashu_int::IBig::from(dashu_int::UBig::from_le_bytes(b))
}

/// Mean seconds per call.
fn time<T>(reps: usize, mut f: impl FnMut() -> T) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(f());
    }
    t.elapsed().as_secs_f64() / reps as f64
}

fn row(bits: usize, op: &str, plain: f64, fast: f64, dashu: f64) {
    println!(
        "| {bits} | {op} | {:.3} ms ({:.2}×) | {:.3} ms (1×) | {:.3} ms ({:.2}×) |",
        plain * 1e3,
        plain / fast,
        fast * 1e3,
        dashu * 1e3,
        dashu / fast
    );
}

fn main() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    println!("| bits | operation | num-rational | num-bigint + Lehmer (fastq) | dashu-ratio |");
    println!("|---|---|---|---|---|");
    for bits in [2048usize, 8192, 32768] {
        let reps = (200_000 / bits).max(3);
        let (g, x, y) = (
            random_bytes(&mut seed, bits / 2),
            random_bytes(&mut seed, bits / 2),
            random_bytes(&mut seed, bits / 2),
        );
        let (n, d) = (num(&g) * num(&x), num(&g) * num(&y));
        let plain = time(reps, || BigRational::new(n.clone(), d.clone()));
        let fast = time(reps, || fastq::make(n.clone(), d.clone()));
        let (nd, dd) = (dashu(&g) * dashu(&x), dashu(&g) * dashu(&y));
        let dq = time(reps, || {
            dashu_ratio::RBig::from_parts(nd.clone(), dd.clone().unsigned_abs())
        });
        row(bits, "reduce", plain, fast, dq);

        let parts: Vec<(Vec<u8>, Vec<u8>)> = (0..4)
            .map(|_| {
                (
                    random_bytes(&mut seed, bits / 2),
                    random_bytes(&mut seed, bits / 2),
                )
            })
            .collect();
        let q: Vec<BigRational> = parts
            .iter()
            .map(|(a, b)| BigRational::new(num(a), num(b)))
            .collect();
        let (a, b, c, d) = (&q[0], &q[1], &q[2], &q[3]);
        let value = || (a * d - b * c) / (a - b - c + d);
        let plain = time(reps, value);
        let fast_value = || {
            let den = fastq::combine(&[(1, a), (-1, b), (-1, c), (1, d)]);
            let ad = fastq::make(a.numer() * d.numer(), a.denom() * d.denom());
            let bc = fastq::make(b.numer() * c.numer(), b.denom() * c.denom());
            fastq::ratio(&fastq::combine(&[(1, &ad), (-1, &bc)]), &den)
        };
        let fast = time(reps, fast_value);
        assert_eq!(fast_value(), value(), "fastq and num-rational agree");
        let r: Vec<dashu_ratio::RBig> = parts
            .iter()
            .map(|(a, b)| {
                dashu_ratio::RBig::from_parts(dashu(a), dashu_int::UBig::from_le_bytes(b))
            })
            .collect();
        let (ra, rb, rc, rd) = (&r[0], &r[1], &r[2], &r[3]);
        let dashu_value = || (ra * rd - rb * rc) / (ra - rb - rc + rd);
        let dq = time(reps, dashu_value);
        // The same value: compare the decimal numerators.
        let v = value();
        let w = dashu_value();
        assert_eq!(
            v.numer().to_string(),
            w.numerator().to_string(),
            "dashu agrees"
        );
        row(bits, "2×2 value", plain, fast, dq);

        // The solver's averages (x + 2y)/3 of two values whose denominators
        // share a factor (values of related positions do): reduce once
        // (fastq; dashu's unreduced Relaxed) against reduced steps.
        let (h, u, v, p, r) = (
            random_bytes(&mut seed, bits / 2),
            random_bytes(&mut seed, bits / 2),
            random_bytes(&mut seed, bits / 2),
            random_bytes(&mut seed, bits),
            random_bytes(&mut seed, bits),
        );
        let x = BigRational::new(num(&p), num(&h) * num(&u));
        let y = BigRational::new(num(&r), num(&h) * num(&v));
        let three = BigRational::from_integer(3.into());
        let two = BigRational::from_integer(2.into());
        let plain = time(reps, || (&x + &y * &two) / &three);
        let fast = time(reps, || fastq::weighted_sum(&[(1, &x), (2, &y)], 3));
        let (dx, dy) = (
            dashu_ratio::RBig::from_parts(
                dashu(&p),
                dashu_int::UBig::from_le_bytes(&h) * dashu_int::UBig::from_le_bytes(&u),
            ),
            dashu_ratio::RBig::from_parts(
                dashu(&r),
                dashu_int::UBig::from_le_bytes(&h) * dashu_int::UBig::from_le_bytes(&v),
            ),
        );
        let dashu_once = || {
            let sum =
                dx.as_relaxed().clone() + dy.as_relaxed().clone() * dashu_ratio::Relaxed::from(2);
            (sum / dashu_ratio::Relaxed::from(3)).canonicalize()
        };
        let dashu_steps = || (&dx + &dy * dashu_ratio::RBig::from(2)) / dashu_ratio::RBig::from(3);
        let once = time(reps, dashu_once);
        let steps = time(reps, dashu_steps);
        assert_eq!(dashu_once(), dashu_steps(), "dashu agrees with itself");
        let want = (&x + &y * &two) / &three;
        assert_eq!(fastq::weighted_sum(&[(1, &x), (2, &y)], 3), want);
        assert_eq!(
            dashu_steps().numerator().to_string(),
            want.numer().to_string(),
            "dashu agrees"
        );
        row(bits, "average, dashu reduced once", plain, fast, once);
        row(
            bits,
            "average, dashu step by step (solver)",
            plain,
            fast,
            steps,
        );
    }
}
