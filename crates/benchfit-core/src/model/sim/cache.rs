//! The prefix cache of a paged engine: the KV blocks of prompts that finished, kept after their
//! request completes and reused by a later request that sends the same prompt (vLLM's automatic
//! prefix caching, SGLang's radix cache). Entries a running request uses are pinned; the others
//! are evicted least recently used first when the engine needs free blocks (vLLM's block pool
//! evicts its free-block queue in LRU order).

use std::collections::{BTreeMap, BTreeSet};

/// One cached prompt.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Entry {
    /// Blocks it holds.
    blocks: u32,
    /// Tokens those blocks cover (whole blocks only).
    tokens: u32,
    /// Last time a request used it, seconds.
    last_used: f64,
    /// Running requests reading it.
    pins: u32,
}

/// Cached prompts of a pool of `n` distinct prompts, by prompt id. Only prompts that were
/// cached take memory, and the least recently used unpinned entry is found in O(log entries):
/// a pool may be far larger than the requests simulated (up to `limits::MAX_TOKENS` ids).
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct PrefixCache {
    /// Prompt ids are `0..n`; others are never cached.
    n: u32,
    entries: BTreeMap<u32, Entry>,
    /// The unpinned entries, ordered by (last use, id): the eviction order. The last use is keyed
    /// by [`time_key`] so the order is `f64::total_cmp`'s, ties going to the lower id.
    lru: BTreeSet<(u64, u32)>,
    /// Blocks held by unpinned entries (free to evict).
    evictable: u64,
    /// Blocks held by all entries.
    held: u64,
    /// Prompt tokens served from the cache.
    pub hit_tokens: u64,
}

/// A key whose unsigned order is `f64::total_cmp`'s order of `t` (the IEEE 754 total order).
fn time_key(t: f64) -> u64 {
    let bits = t.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

impl PrefixCache {
    /// An empty cache for prompt ids `0..n`.
    pub(super) fn new(n: u32) -> Self {
        Self {
            n,
            ..Self::default()
        }
    }

    /// Blocks all entries hold.
    #[cfg(test)]
    pub(super) fn held(&self) -> u64 {
        self.held
    }

    /// A request with prompt `id` of `prompt` tokens starts: the cached tokens it can skip
    /// (at most `prompt − 1`: the last prompt token is always computed) and the blocks it
    /// shares, pinning the entry.
    pub(super) fn lookup(&mut self, id: u32, prompt: u32, now: f64) -> (u32, u32) {
        let Some(e) = self.entries.get_mut(&id) else {
            return (0, 0);
        };
        let tokens = e.tokens.min(prompt.saturating_sub(1));
        if tokens == 0 {
            return (0, 0);
        }
        if e.pins == 0 {
            self.evictable -= e.blocks as u64;
            self.lru.remove(&(time_key(e.last_used), id));
        }
        e.pins += 1;
        e.last_used = now;
        self.hit_tokens += tokens as u64;
        (tokens, e.blocks)
    }

    /// A request that shared an entry ends (completed or preempted).
    pub(super) fn release(&mut self, id: u32) {
        if let Some(e) = self.entries.get_mut(&id) {
            if e.pins == 0 {
                return;
            }
            e.pins -= 1;
            if e.pins == 0 {
                self.evictable += e.blocks as u64;
                self.lru.insert((time_key(e.last_used), id));
            }
        }
    }

    /// A request with prompt `id` completed holding `own` blocks of its own: keeps its prompt's
    /// whole blocks as the entry when there is none yet, and returns the blocks to free.
    pub(super) fn insert(&mut self, id: u32, prompt: u32, block: u32, own: u32, now: f64) -> u32 {
        let blocks = (prompt / block.max(1)).min(own);
        if id >= self.n || self.entries.contains_key(&id) || blocks == 0 {
            return own;
        }
        self.entries.insert(
            id,
            Entry {
                blocks,
                tokens: blocks * block.max(1),
                last_used: now,
                pins: 0,
            },
        );
        self.lru.insert((time_key(now), id));
        self.evictable += blocks as u64;
        self.held += blocks as u64;
        own - blocks
    }

    /// Evicts unpinned entries, least recently used first, until `need` blocks are freed or
    /// none is left; returns the blocks freed.
    pub(super) fn evict(&mut self, need: u64) -> u64 {
        let mut freed = 0u64;
        while freed < need && self.evictable > 0 {
            let Some((_, id)) = self.lru.pop_first() else {
                break;
            };
            let e = self.entries.remove(&id).expect("an LRU key has its entry");
            self.evictable -= e.blocks as u64;
            self.held -= e.blocks as u64;
            freed += e.blocks as u64;
        }
        freed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_reused_pinned_and_evicted_least_recently_used_first() {
        let mut c = PrefixCache::new(3);
        // Prompt 0 of 100 tokens in blocks of 16 leaves 6 whole blocks (96 tokens); the request
        // held 10 blocks, so 4 are freed.
        assert_eq!(c.insert(0, 100, 16, 10, 1.0), 4);
        assert_eq!(c.insert(1, 40, 16, 5, 2.0), 3);
        assert_eq!(c.held(), 8);
        // A second request with prompt 0 skips 96 tokens and shares 6 blocks.
        assert_eq!(c.lookup(0, 100, 3.0), (96, 6));
        // Pinned: only entry 1 (2 blocks) can go.
        assert_eq!(c.evict(100), 2);
        assert_eq!(c.held(), 6);
        c.release(0);
        assert_eq!(c.evict(1), 6);
        assert_eq!(c.held(), 0);
        // A prompt no longer than one block is not cached; unknown ids are ignored.
        assert_eq!(c.insert(2, 10, 16, 1, 4.0), 1);
        assert_eq!(c.lookup(2, 10, 5.0), (0, 0));
        assert_eq!(c.lookup(9, 10, 5.0), (0, 0));
    }

    #[test]
    fn a_pool_of_every_id_holds_only_the_prompts_cached() {
        // Ids up to u32::MAX - 1: memory follows the entries, not the pool (a table of every id
        // would be 4,294,967,295 slots).
        let mut c = PrefixCache::new(u32::MAX);
        assert_eq!(c.insert(u32::MAX - 1, 64, 16, 4, 1.0), 0);
        assert_eq!(c.insert(7, 32, 16, 3, 2.0), 1);
        assert_eq!(
            c.insert(u32::MAX, 64, 16, 4, 3.0),
            4,
            "outside 0..n: not cached"
        );
        assert_eq!(c.lookup(u32::MAX - 1, 64, 4.0), (63, 4));
        // Entry 7 (2 blocks) is the only unpinned one.
        assert_eq!(c.evict(10), 2);
        assert_eq!(c.held(), 4);
    }

    /// The eviction order the cache must keep: the unpinned entry least recently used, the
    /// lower id first among equal times (a linear scan of every id, as the cache once did).
    #[derive(Default)]
    struct Reference {
        entries: Vec<Option<Entry>>,
        evictable: u64,
    }

    impl Reference {
        fn lookup(&mut self, id: u32, prompt: u32, now: f64) -> (u32, u32) {
            let Some(Some(e)) = self.entries.get_mut(id as usize) else {
                return (0, 0);
            };
            let tokens = e.tokens.min(prompt.saturating_sub(1));
            if tokens == 0 {
                return (0, 0);
            }
            if e.pins == 0 {
                self.evictable -= e.blocks as u64;
            }
            e.pins += 1;
            e.last_used = now;
            (tokens, e.blocks)
        }

        fn release(&mut self, id: u32) {
            if let Some(Some(e)) = self.entries.get_mut(id as usize) {
                if e.pins > 0 {
                    e.pins -= 1;
                    if e.pins == 0 {
                        self.evictable += e.blocks as u64;
                    }
                }
            }
        }

        fn insert(&mut self, id: u32, prompt: u32, block: u32, own: u32, now: f64) -> u32 {
            let Some(slot) = self.entries.get_mut(id as usize) else {
                return own;
            };
            let blocks = (prompt / block).min(own);
            if slot.is_some() || blocks == 0 {
                return own;
            }
            *slot = Some(Entry {
                blocks,
                tokens: blocks * block,
                last_used: now,
                pins: 0,
            });
            self.evictable += blocks as u64;
            own - blocks
        }

        fn evict(&mut self, need: u64) -> u64 {
            let mut freed = 0;
            while freed < need && self.evictable > 0 {
                let victim = (0..self.entries.len())
                    .filter(|&i| self.entries[i].is_some_and(|e| e.pins == 0))
                    .min_by(|&a, &b| {
                        let t = |i: usize| self.entries[i].expect("filtered").last_used;
                        t(a).total_cmp(&t(b))
                    });
                let Some(i) = victim else { break };
                let e = self.entries[i].take().expect("victim exists");
                self.evictable -= e.blocks as u64;
                freed += e.blocks as u64;
            }
            freed
        }
    }

    #[test]
    fn evicts_in_the_order_of_a_scan_of_every_entry() {
        use rand::{Rng, SeedableRng};
        // 20,000 random operations on 40 ids, with times that repeat (ties) and pins that
        // stack: every answer equals the linear scan's.
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
        let n = 40;
        let mut c = PrefixCache::new(n);
        let mut r = Reference {
            entries: vec![None; n as usize],
            ..Reference::default()
        };
        let mut pinned: Vec<u32> = Vec::new();
        for step in 0..20_000u32 {
            let now = f64::from(step / 3);
            let id = rng.random_range(0..n + 2);
            match rng.random_range(0..4) {
                0 => {
                    let prompt = rng.random_range(1..200);
                    let own = rng.random_range(0..20);
                    assert_eq!(
                        c.insert(id, prompt, 16, own, now),
                        r.insert(id, prompt, 16, own, now)
                    );
                }
                1 => {
                    let prompt = rng.random_range(1..200);
                    let got = c.lookup(id, prompt, now);
                    assert_eq!(got, r.lookup(id, prompt, now));
                    if got.0 > 0 {
                        pinned.push(id);
                    }
                }
                2 if !pinned.is_empty() => {
                    let id = pinned.swap_remove(rng.random_range(0..pinned.len()));
                    c.release(id);
                    r.release(id);
                }
                _ => {
                    let need = rng.random_range(0..30);
                    assert_eq!(c.evict(need), r.evict(need), "step {step}");
                }
            }
            assert_eq!(c.evictable, r.evictable, "step {step}");
        }
    }
}
