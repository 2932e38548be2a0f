//! Arithmetic modulo word-sized primes: the primes, their roots of unity,
//! the programme run on a batch of evaluation points at once, and the
//! Chinese remainder theorem that joins the residues into one count.
//!
//! Every prime is below 2^29, so a product of two residues is below 2^58
//! and 32 of them add up without overflow; `p - 1` is a multiple of
//! 720720 = lcm(1..16), so each has roots of unity of every order up to 16
//! (a kind with up to 15 cards) and of many larger ones.

use super::program::Step;

/// Primes below 2^29 of the form `720720 k + 1`, largest first.
pub(super) const PRIMES: [u64; 8] = [
    531891361, 527567041, 526125601, 523963441, 521080561, 515314801, 505945441, 505224721,
];

/// `p - 1` of every prime is a multiple of this.
pub(super) const ORDER: u64 = 720720;

/// Evaluation points run together; values of one state are a lane each.
pub(super) const LANES: usize = 32;

pub(super) type Lanes = [u32; LANES];

pub(super) fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p;
        }
        b = b * b % p;
        e >>= 1;
    }
    r
}

/// A root of unity of order exactly `n` modulo `p` (`n` divides `p - 1`).
pub(super) fn root(n: u64, p: u64) -> u64 {
    let factors: Vec<u64> = (2..=n)
        .filter(|&q| n.is_multiple_of(q) && (2..q).all(|d| !q.is_multiple_of(d)))
        .collect();
    (2..p)
        .map(|x| pow_mod(x, (p - 1) / n, p))
        .find(|&y| factors.iter().all(|&q| pow_mod(y, n / q, p) != 1))
        .unwrap_or(1)
}

/// Runs `steps` on one batch: `start` is the value of state 0 before the
/// first cell, `weights[o]` oriented kind `o`'s weight in each lane.
pub(super) fn run<const P: u64>(steps: &[Step], weights: &[Lanes], buffers: &mut [Vec<Lanes>; 2]) {
    let [cur, next] = buffers;
    cur.clear();
    cur.push([1; LANES]);
    for step in steps {
        next.clear();
        next.resize(step.targets, [0; LANES]);
        for (t, out) in next.iter_mut().enumerate() {
            let ops = &step.ops[step.offsets[t] as usize..step.offsets[t + 1] as usize];
            if ops.is_empty() {
                continue;
            }
            let mut acc = [0u64; LANES];
            for chunk in ops.chunks(32) {
                for &(src, o) in chunk {
                    let (v, w) = (&cur[src as usize], &weights[usize::from(o)]);
                    for x in 0..LANES {
                        acc[x] += u64::from(v[x]) * u64::from(w[x]);
                    }
                }
                for a in acc.iter_mut() {
                    *a %= P;
                }
            }
            for x in 0..LANES {
                out[x] = acc[x] as u32;
            }
        }
        std::mem::swap(cur, next);
    }
}

/// `a * b` of two square matrices of lanes, `n x n`, modulo `P`.
pub(super) fn mat_mul<const P: u64>(a: &[Lanes], b: &[Lanes], n: usize) -> Vec<Lanes> {
    let mut out = vec![[0u32; LANES]; n * n];
    for i in 0..n {
        for k in 0..n {
            let mut acc = [0u64; LANES];
            for j in 0..n {
                let (x, y) = (&a[i * n + j], &b[j * n + k]);
                for l in 0..LANES {
                    acc[l] += u64::from(x[l]) * u64::from(y[l]);
                }
                if j % 32 == 31 {
                    acc.iter_mut().for_each(|v| *v %= P);
                }
            }
            for l in 0..LANES {
                out[i * n + k][l] = (acc[l] % P) as u32;
            }
        }
    }
    out
}

/// The number below the product of `PRIMES[..residues.len()]` with these
/// residues (Garner's algorithm); `None` if it does not fit a `u128`.
pub(super) fn crt(residues: &[u64]) -> Option<u128> {
    // Mixed-radix digits: x = d0 + d1 p0 + d2 p0 p1 + ...
    let mut digits: Vec<u64> = Vec::with_capacity(residues.len());
    for (i, &r) in residues.iter().enumerate() {
        let p = PRIMES[i];
        // Value of the digits so far, and the product of earlier primes, mod p.
        let (mut value, mut radix) = (0u64, 1u64);
        for (j, &d) in digits.iter().enumerate() {
            value = (value + d * radix) % p;
            radix = radix * (PRIMES[j] % p) % p;
        }
        let inv = pow_mod(radix, p - 2, p);
        digits.push((r + p - value) % p * inv % p);
    }
    let mut out: u128 = 0;
    for (i, &d) in digits.iter().enumerate().rev() {
        out = out
            .checked_mul(u128::from(PRIMES[i]))?
            .checked_add(u128::from(d))?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primes_are_primes_with_every_small_root() {
        for &p in &PRIMES {
            assert!(p < 1 << 29 && (p - 1) % ORDER == 0);
            assert!((2..=23170u64).all(|d| p % d != 0), "{p}");
            for n in 1..=16 {
                let w = root(n, p);
                assert_eq!(pow_mod(w, n, p), 1);
                assert!((1..n).all(|k| pow_mod(w, k, p) != 1), "{n} {p}");
            }
        }
    }

    #[test]
    fn crt_recovers_large_numbers() {
        for x in [0u128, 1, 12345678901234567890123456789, (1 << 115) + 17] {
            let residues: Vec<u64> = PRIMES[..4]
                .iter()
                .map(|&p| (x % u128::from(p)) as u64)
                .collect();
            assert_eq!(crt(&residues), Some(x));
        }
    }
}
