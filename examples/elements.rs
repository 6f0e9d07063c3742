//! Prints the completeness elements of texts read from standard input, one text per line
//! (`\n` inside a line stands for a line break). A debugging aid:
//! `cargo run --release --example elements < texts.txt`.

use std::io::{self, BufRead, Write};

use evals_wasm::metrics::nlp::completeness::extract_elements;
use evals_wasm::text::words::ScriptRunSegmenter;
use evals_wasm::CompletenessOptions;

fn main() -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in io::stdin().lock().lines() {
        let text = line?.replace("\\n", "\n");
        let elements = extract_elements(&text, CompletenessOptions::default(), &ScriptRunSegmenter);
        writeln!(out, "{}", elements.join(" "))?;
    }
    Ok(())
}
