//! Before the pipeline: making a puzzle's input from pictures a person
//! has, rather than typing it. [`cut`] turns a scan of the tiles into
//! `1.png … N.png`; [`infer`] reads the edges from those pictures.

pub mod cut;
pub mod infer;
