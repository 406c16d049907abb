//! Plain commands (`syntax::plain`): walked from their words, without brush-parser's tree.

use std::borrow::Cow;
use std::cell::RefCell;

use super::{Scope, Walker};
use crate::model::{Arg, RawCommand};

thread_local! {
    /// The words of the last plain command this thread walked, kept with their text buffers
    /// for the next one, which copies its words into them rather than into new allocations
    /// (most commands are one plain command). A plain command nested in one being walked
    /// (`bash -c 'ls'`, `find -exec rm {} +`) finds the list taken and starts a new one.
    /// A plain text is at most 512 bytes, so at most 256 words are kept, each buffer no
    /// larger than the longest word its place has held (under 128 KiB however it goes).
    static WORDS: RefCell<Vec<Arg>> = const { RefCell::new(Vec::new()) };
}

impl Walker {
    /// A simple command of plain words (`syntax::plain`), as [`Walker::simple`] walks the
    /// one-command tree brush-parser builds for it, through the list and the one-element
    /// pipeline (which change nothing for a single command but the scope's `in_pipeline`).
    pub(super) fn plain_simple<'t>(&mut self, words: impl Iterator<Item = &'t str>, scope: &Scope) {
        let inner = if scope.in_pipeline {
            let mut s = scope.clone();
            s.in_pipeline = false;
            Cow::Owned(s)
        } else {
            Cow::Borrowed(scope)
        };
        let first = self.out.commands.len();
        let mut args = WORDS.with_borrow_mut(std::mem::take);
        let mut n = 0;
        // A plain word holds no `{`: it is one argv word (no brace expansion).
        for w in words {
            if n == args.len() {
                args.push(Arg::default());
            }
            self.plain_word(w, &inner, &mut args[n]);
            n += 1;
        }
        args.truncate(n);
        let raw = RawCommand {
            args,
            ..RawCommand::default()
        };
        let args = self.run_simple(raw, None, first, &inner);
        WORDS.with_borrow_mut(|kept| *kept = args);
    }

    /// A word of a plain command into `slot` (whatever it held before), as [`Walker::word`]
    /// reads it: without `~` it holds no quoting, expansion or substitution
    /// (`syntax::plain`), so its text is itself and only its glob characters and the scope's
    /// placeholders mark it.
    fn plain_word(&mut self, w: &str, scope: &Scope, slot: &mut Arg) {
        // One pass over the bytes (words are short): `~` and the glob characters.
        let (mut tilde, mut glob) = (false, false);
        for b in w.bytes() {
            tilde |= b == b'~';
            glob |= matches!(b, b'*' | b'?' | b'[');
        }
        if tilde {
            *slot = self.word(w, scope);
            return;
        }
        let placeholder = scope.placeholders.iter().any(|p| w.contains(p.as_str()));
        let mut text = std::mem::take(&mut slot.text);
        text.clear();
        text.push_str(w);
        *slot = Arg {
            text,
            dynamic: placeholder,
            splits: placeholder,
            glob,
            ..Arg::default()
        };
    }
}
