//! Where an engine's events go: into a list when a transcript or a check reads them, nowhere
//! when nobody does (random play unchecked, search rollouts), so that those pay nothing to
//! make them (issue #15, point 4).

/// A place for events. Engines write `events.push(Event::…)` against it, and the caller
/// decides whether the events are kept.
pub trait Log<E> {
    fn push(&mut self, event: E);

    /// Whether events are kept: an engine skips work that only makes events (collecting a
    /// list of cards for one) when they are not.
    fn records(&self) -> bool;
}

impl<E> Log<E> for Vec<E> {
    #[inline]
    fn push(&mut self, event: E) {
        Vec::push(self, event);
    }

    fn records(&self) -> bool {
        true
    }
}

/// Drops every event; once inlined, making an event for it costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unrecorded;

impl<E> Log<E> for Unrecorded {
    #[inline(always)]
    fn push(&mut self, _: E) {}

    fn records(&self) -> bool {
        false
    }
}
