//! Derives a `label()` for the server's event kinds.

use proc_macro::TokenStream;

#[proc_macro_derive(Labelled)]
pub fn labelled(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
