//! The budget that bulk tunnels grow their relay buffers from.
//!
//! A tunnel direction starts with a small buffer; while its reads keep filling it (a bulk
//! transfer), it doubles it up to a maximum, which saves reads, writes and wake-ups per byte.
//! The growth of all tunnels together is capped, so a thousand busy tunnels cannot each hold
//! the maximum.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Bytes that the relay buffers of all tunnels together may grow by.
pub(crate) const GROWTH_BUDGET: usize = 64 * 1024 * 1024;

/// The relay-buffer growth handed out, shared by all tunnels of a proxy.
pub(crate) struct GrowthBudget {
    used: AtomicUsize,
    limit: usize,
}

impl GrowthBudget {
    /// A budget of `limit` bytes, none handed out.
    pub(crate) fn new(limit: usize) -> GrowthBudget {
        GrowthBudget {
            used: AtomicUsize::new(0),
            limit,
        }
    }

    /// Bytes handed out now.
    #[cfg(test)]
    pub(crate) fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }
}

/// What one tunnel direction took from the budget, given back when it is dropped, however
/// the direction ended (finished, failed or cancelled).
pub(crate) struct Grown<'a> {
    budget: &'a GrowthBudget,
    bytes: usize,
}

impl<'a> Grown<'a> {
    /// Nothing taken yet.
    pub(crate) fn none(budget: &'a GrowthBudget) -> Grown<'a> {
        Grown { budget, bytes: 0 }
    }

    /// Takes `bytes` more if the total handed out stays within the limit.
    pub(crate) fn take(&mut self, bytes: usize) -> bool {
        let limit = self.budget.limit;
        let taken = self
            .budget
            .used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
                used.checked_add(bytes).filter(|&total| total <= limit)
            })
            .is_ok();
        if taken {
            self.bytes += bytes;
        }
        taken
    }
}

impl Drop for Grown<'_> {
    fn drop(&mut self) {
        self.budget.used.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_stays_within_the_limit_and_is_given_back() {
        let budget = GrowthBudget::new(100);
        let mut a = Grown::none(&budget);
        let mut b = Grown::none(&budget);
        assert!(a.take(60));
        assert!(!b.take(50), "60 + 50 is past the limit");
        assert!(b.take(40));
        assert!(!a.take(1));
        assert_eq!(budget.used(), 100);
        drop(a);
        assert_eq!(budget.used(), 40);
        assert!(b.take(60));
        drop(b);
        assert_eq!(budget.used(), 0);
    }
}
