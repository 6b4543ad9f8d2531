//! What the renderer keeps between images — the static layers rasterized, the sprites, the
//! static layers mapped onto a palette, the last image of each family — in one cache with one
//! byte budget: beyond it the least recently used go first, whatever their kind. An image
//! drawn with less kept is the same image, only slower to draw.

use std::num::NonZeroUsize;
use std::sync::Arc;

use lru::LruCache;
use resvg::tiny_skia::Pixmap;

use super::indexed::{Family, Frame, Indexed};
use super::overlay::Sprite;

/// The budget when none is configured (`[render] cache_mb`).
pub const DEFAULT_BYTES: usize = 48 << 20;

/// What is kept, by its kind and key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Key {
    /// A static layer, rasterized.
    Base(&'static str),
    /// A sprite, by the hash of what it draws and where.
    Sprite(u64),
    /// A static layer mapped onto a palette (the palette's address).
    Indexed(&'static str, usize),
    /// The last image of a family.
    Frame(Family),
}

#[derive(Debug)]
enum Value {
    Pixmap(Pixmap),
    Sprite(Arc<Sprite>),
    Indexed(Arc<Indexed>),
    Frame(Arc<Frame>),
}

/// The cache: least recently used first out, beyond `budget` bytes.
#[derive(Debug)]
pub(super) struct Cache {
    kept: LruCache<Key, (Value, usize)>,
    bytes: usize,
    budget: usize,
    /// Bytes let go since the memory was last handed back to the system.
    evicted: usize,
}

impl Cache {
    /// An empty cache keeping at most `budget` bytes.
    pub(super) fn new(budget: usize) -> Cache {
        Cache {
            kept: LruCache::unbounded(),
            bytes: 0,
            budget,
            evicted: 0,
        }
    }

    /// The bytes kept now.
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }

    fn get(&mut self, key: &Key) -> Option<&Value> {
        self.kept.get(key).map(|(v, _)| v)
    }

    fn put(&mut self, key: Key, value: Value, bytes: usize) {
        if let Some((_, old)) = self.kept.pop(&key) {
            self.bytes -= old;
        }
        if bytes > self.budget {
            return; // never kept: it would push out everything else
        }
        while self.bytes + bytes > self.budget {
            match self.kept.pop_lru() {
                Some((_, (_, freed))) => {
                    self.bytes -= freed;
                    self.evicted += freed;
                }
                None => break,
            }
        }
        self.bytes += bytes;
        self.kept.put(key, (value, bytes));
    }

    /// Whether enough was let go (half a budget) that the allocator's free memory should go
    /// back to the system — it keeps the holes between what is kept; asked once the cache is
    /// unlocked ([`release_free_memory`]).
    pub(super) fn trim_due(&mut self) -> bool {
        let due = self.evicted >= self.budget / 2;
        if due {
            self.evicted = 0;
        }
        due
    }

    pub(super) fn base(&mut self, key: &'static str) -> Option<Pixmap> {
        match self.get(&Key::Base(key)) {
            Some(Value::Pixmap(p)) => Some(p.clone()),
            _ => None,
        }
    }

    pub(super) fn keep_base(&mut self, key: &'static str, pixmap: Pixmap) {
        let bytes = pixmap.data().len() + 64;
        self.put(Key::Base(key), Value::Pixmap(pixmap), bytes);
    }

    pub(super) fn sprite(&mut self, key: u64) -> Option<Arc<Sprite>> {
        match self.get(&Key::Sprite(key)) {
            Some(Value::Sprite(s)) => Some(s.clone()),
            _ => None,
        }
    }

    pub(super) fn keep_sprite(&mut self, key: u64, sprite: Arc<Sprite>) {
        let bytes = sprite.bytes();
        self.put(Key::Sprite(key), Value::Sprite(sprite), bytes);
    }

    pub(super) fn indexed(&mut self, key: &'static str, palette: usize) -> Option<Arc<Indexed>> {
        match self.get(&Key::Indexed(key, palette)) {
            Some(Value::Indexed(i)) => Some(i.clone()),
            _ => None,
        }
    }

    pub(super) fn keep_indexed(&mut self, key: &'static str, palette: usize, base: Arc<Indexed>) {
        let bytes = base.indices.len() + 64;
        self.put(Key::Indexed(key, palette), Value::Indexed(base), bytes);
    }

    pub(super) fn frame(&mut self, family: &Family) -> Option<Arc<Frame>> {
        match self.get(&Key::Frame(*family)) {
            Some(Value::Frame(f)) => Some(f.clone()),
            _ => None,
        }
    }

    pub(super) fn keep_frame(&mut self, family: Family, frame: Arc<Frame>) {
        let bytes = frame.bytes();
        self.put(Key::Frame(family), Value::Frame(frame), bytes);
    }

    /// Forgets the last image of every family.
    pub(super) fn forget_frames(&mut self) {
        let frames: Vec<Key> = self
            .kept
            .iter()
            .filter(|(k, _)| matches!(k, Key::Frame(_)))
            .map(|(k, _)| k.clone())
            .collect();
        for key in frames {
            if let Some((_, (_, bytes))) = self.kept.pop_entry(&key) {
                self.bytes -= bytes;
            }
        }
    }

    /// How many sprites are kept.
    pub(super) fn sprites(&self) -> usize {
        self.kept
            .iter()
            .filter(|(k, _)| matches!(k, Key::Sprite(_)))
            .count()
    }
}

/// Hands the allocator's free memory back to the system (glibc keeps freed blocks between
/// live ones; elsewhere nothing to do).
pub(super) fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages of the allocator's own heaps.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// A budget in bytes from megabytes (at least one).
pub fn budget_of(megabytes: usize) -> usize {
    NonZeroUsize::new(megabytes).map_or(1 << 20, |m| m.get().saturating_mul(1 << 20))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixmap(side: u32) -> Pixmap {
        Pixmap::new(side, side).expect("a pixmap")
    }

    #[test]
    fn the_least_recently_used_go_first_and_the_budget_holds() {
        let one = pixmap(64).data().len() + 64;
        let mut cache = Cache::new(3 * one);
        cache.keep_base("a", pixmap(64));
        cache.keep_base("b", pixmap(64));
        cache.keep_base("c", pixmap(64));
        assert_eq!(cache.bytes(), 3 * one);
        // `a` used again: `b` is now the least recently used, and goes.
        assert!(cache.base("a").is_some());
        cache.keep_base("d", pixmap(64));
        assert!(cache.base("b").is_none());
        assert!(cache.base("a").is_some() && cache.base("c").is_some());
        assert!(cache.base("d").is_some());
        assert_eq!(cache.bytes(), 3 * one);
        // Kept again under the same key: counted once.
        cache.keep_base("d", pixmap(64));
        assert_eq!(cache.bytes(), 3 * one);
        // Larger than the whole budget: not kept, nothing pushed out.
        cache.keep_base("huge", pixmap(128));
        assert!(cache.base("huge").is_none());
        assert_eq!(cache.bytes(), 3 * one);
    }

    #[test]
    fn one_budget_for_every_kind() {
        let one = pixmap(64).data().len() + 64;
        let mut cache = Cache::new(2 * one);
        cache.keep_base("a", pixmap(64));
        let indexed = Arc::new(Indexed {
            indices: vec![0; one - 64],
            width: 64,
            height: 64,
        });
        cache.keep_indexed("a", 1, indexed.clone());
        cache.keep_indexed("b", 1, indexed);
        assert!(
            cache.base("a").is_none(),
            "the oldest, of another kind, went"
        );
        assert!(cache.indexed("a", 1).is_some() && cache.indexed("b", 1).is_some());
        assert!(cache.bytes() <= 2 * one);
    }
}
