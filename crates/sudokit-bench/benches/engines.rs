//! Criterion benchmarks for development: sudokit's `fast` engine and the `sudoku` crate
//! on the `data/` samples, first solution and count to 2.
//!
//! `cargo bench -p sudokit-bench` (add a filter such as `hardest` to run one file).
//! Every answer is verified once before timing ([`Corpus::verify`]).

// criterion's macros define the group and `main` without doc comments.
#![allow(missing_docs)]

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudokit_bench::{time, Corpus, Task};

const SAMPLES: &[&str] = &[
    "17_clue.txt",
    "top1465.txt",
    "hardest_11plus.txt",
    "hardest_1106.txt",
    "serg_multi.txt",
];

fn engines(c: &mut Criterion) {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    for name in SAMPLES {
        let corpus = Corpus::load(&data.join(name)).expect("sample loads");
        corpus.verify().expect("every answer verified");
        let mut group = c.benchmark_group(name.trim_end_matches(".txt"));
        group.throughput(Throughput::Elements(corpus.len() as u64));
        group.measurement_time(Duration::from_secs(3));
        group.sample_size(20);
        for (label, task) in [
            ("sudokit/first", Task::SudokitFirst),
            ("peer/first", Task::PeerFirst),
            ("sudokit/limit2", Task::SudokitLimit2),
            ("peer/limit2", Task::PeerLimit2),
        ] {
            group.bench_function(label, |b| b.iter(|| time(&corpus, task)));
        }
        group.finish();
    }
}

criterion_group!(benches, engines);
criterion_main!(benches);
