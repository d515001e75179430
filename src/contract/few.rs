//! A list that most of the values holding it leave empty, one word wide. A function's body
//! holds nineteen lists of what it does (its arms, its exits, its decoded locals, its
//! comparisons, ...), and in most functions most of them are empty: as `Vec`s, three words
//! each, they and two rare values held inline made a function's facts 672 bytes before its
//! first element, 384 now; they are held from the parse round to the end of the run
//! (docs/performance.md, session 58).

use std::fmt;
use std::ops::{Deref, DerefMut};

/// A `Vec` that is `None` when empty: the empty list costs one word and no allocation, a
/// list with elements one more allocation than a `Vec`. Read it as a slice.
#[derive(Clone, PartialEq, Eq, Hash)]
// The box is the point: `Option<Box<Vec>>` is one word, `Vec` three.
#[allow(clippy::box_collection)]
pub struct Few<T>(Option<Box<Vec<T>>>);

impl<T> Few<T> {
    pub const fn new() -> Few<T> {
        Few(None)
    }

    pub fn push(&mut self, t: T) {
        self.0.get_or_insert_with(Box::default).push(t);
    }

    /// Give back unused capacity.
    pub fn shrink_to_fit(&mut self) {
        if let Some(v) = &mut self.0 {
            v.shrink_to_fit();
        }
    }
}

impl<T> Default for Few<T> {
    fn default() -> Few<T> {
        Few::new()
    }
}

impl<T> From<Vec<T>> for Few<T> {
    fn from(v: Vec<T>) -> Few<T> {
        Few((!v.is_empty()).then(|| Box::new(v)))
    }
}

impl<T> FromIterator<T> for Few<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Few<T> {
        Few::from(iter.into_iter().collect::<Vec<T>>())
    }
}

impl<T> Deref for Few<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl<T> DerefMut for Few<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.0.as_deref_mut().map_or(&mut [], Vec::as_mut_slice)
    }
}

impl<'a, T> IntoIterator for &'a Few<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Few<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// Written as the list it holds, as a `Vec` is.
impl<T: fmt::Debug> fmt::Debug for Few<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::Few;

    #[test]
    fn empty_is_one_word_and_equal_however_made() {
        assert_eq!(std::mem::size_of::<Few<(u64, u64)>>(), 8);
        let made: Few<u8> = Vec::new().into();
        let mut pushed = Few::new();
        pushed.push(1u8);
        assert_eq!(made, Few::new());
        assert_eq!(pushed, Few::from(vec![1]));
        assert_eq!(format!("{pushed:?}"), format!("{:?}", vec![1]));
    }
}
