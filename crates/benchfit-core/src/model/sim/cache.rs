//! The prefix cache of a paged engine: the KV blocks of prompts that finished, kept after their
//! request completes and reused by a later request that sends the same prompt (vLLM's automatic
//! prefix caching, SGLang's radix cache). Entries a running request uses are pinned; the others
//! are evicted least recently used first when the engine needs free blocks (vLLM's block pool
//! evicts its free-block queue in LRU order).

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

/// Cached prompts of a pool of `n` distinct prompts, by prompt id.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct PrefixCache {
    entries: Vec<Option<Entry>>,
    /// Blocks held by unpinned entries (free to evict).
    evictable: u64,
    /// Blocks held by all entries.
    held: u64,
    /// Prompt tokens served from the cache.
    pub hit_tokens: u64,
}

impl PrefixCache {
    /// An empty cache for prompt ids `0..n`.
    pub(super) fn new(n: u32) -> Self {
        Self {
            entries: vec![None; n as usize],
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
        self.hit_tokens += tokens as u64;
        (tokens, e.blocks)
    }

    /// A request that shared an entry ends (completed or preempted).
    pub(super) fn release(&mut self, id: u32) {
        if let Some(Some(e)) = self.entries.get_mut(id as usize) {
            e.pins = e.pins.saturating_sub(1);
            if e.pins == 0 {
                self.evictable += e.blocks as u64;
            }
        }
    }

    /// A request with prompt `id` completed holding `own` blocks of its own: keeps its prompt's
    /// whole blocks as the entry when there is none yet, and returns the blocks to free.
    pub(super) fn insert(&mut self, id: u32, prompt: u32, block: u32, own: u32, now: f64) -> u32 {
        let Some(slot) = self.entries.get_mut(id as usize) else {
            return own;
        };
        let blocks = (prompt / block.max(1)).min(own);
        if slot.is_some() || blocks == 0 {
            return own;
        }
        *slot = Some(Entry {
            blocks,
            tokens: blocks * block.max(1),
            last_used: now,
            pins: 0,
        });
        self.evictable += blocks as u64;
        self.held += blocks as u64;
        own - blocks
    }

    /// Evicts unpinned entries, least recently used first, until `need` blocks are freed or
    /// none is left; returns the blocks freed.
    pub(super) fn evict(&mut self, need: u64) -> u64 {
        let mut freed = 0u64;
        while freed < need && self.evictable > 0 {
            let victim = self
                .entries
                .iter()
                .enumerate()
                .filter_map(|(i, e)| e.filter(|e| e.pins == 0).map(|e| (i, e.last_used)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(i, _)| i);
            let Some(i) = victim else { break };
            let e = self.entries[i].take().expect("victim exists");
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
}
