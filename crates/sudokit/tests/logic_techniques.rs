//! Each technique on a position of its own (from HoDoKu's regression library, where the
//! expected eliminations were checked by HoDoKu's author), with the exact sentence;
//! singles and subsets on other board sizes; technique selection; JSON round trips.

mod reglib;

use reglib::Case;
use sudokit::logic::{find, general_fish, FindOptions, Outcome, Solver, Technique, TechniqueSet};
use sudokit::rating::rate;
use sudokit::{Candidates, Grid, Layout};

/// (library line, the sentence of the step that makes the expected eliminations).
const POSITIONS: &[(&str, &str)] = &[
    (":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:",
     "Full House: r8c2=1 (last cell of row 8)"),
    (":0002:1:2+8.+64...74+6....+2.+8317+9+285+46.5+3..9.2+4.+42.3.7.+9.9.4...8+35+382+9+6471.+7......21+2..8...5:::163:",
     "Hidden Single: r6c3=1 (the only place for 1 in box 4)"),
    (":0003:1:8.9.4..2..46.1....3..9........1..9455.......6983..6........4..1....9.37..3..7.4.9:::168:",
     "Naked Single: r6c8=1 (the only candidate left in the cell)"),
    (":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9:811 515 715 538 761 595 795:193 198::",
     "Locked Candidates Type 1 (Pointing): 1 in box 8 is confined to row 9: remove 1 from r9c3, r9c8"),
    (":0101:1:..7+1+2+3+5..3+5+16497..6+295+78+3+4+1..+6+4.2.35.+32...4..59+43..+2.....9.61.4.+65214..3......6..:818 819 758 768 791 792 798 799:151::",
     "Locked Candidates Type 2 (Claiming): 1 in row 4 is confined to box 4: remove 1 from r5c1"),
    (":0110-1:47:6.......8..2....7.94.........15.98..79....5.2.....4..916...5.2......2..5..3961...::477 479 487 488 491 498 777 779 787 792::",
     "Locked Pair on 4 and 7 in r9c7, r9c9 (row 9 and box 9): remove 4 from r7c7, r7c9, r8c7, r8c8, r9c1, r9c8; remove 7 from r7c7, r7c9, r8c7, r9c2"),
    (":0111-1:678:....4.3...8...1429..15......76.....8.....2.....9.5..7...8......3.........9.1.863.::618 619 631 632 635 636 719 731 735 736 818 835::",
     "Locked Triple on 6, 7 and 8 in r3c7, r3c8, r3c9 (row 3 and box 3): remove 6 from r1c8, r1c9, r3c1, r3c2, r3c5, r3c6; remove 7 from r1c9, r3c1, r3c5, r3c6; remove 8 from r1c8, r3c5"),
    (":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::",
     "Naked Pair on 1 and 6 in r1c2, r1c9 (row 1): remove 1 from r1c4, r1c5, r1c6; remove 6 from r1c4, r1c5, r1c6"),
    (":0201:258:.1.......3.45......76.9...47+2+14+8+9+563.3.627+41+946+9+3+15+8+276...3.94...+3..82.6.......3.:714 819 728 829 573 581 785 591 593 795 196 296:211 216 511 518 811 818::",
     "Naked Triple on 2, 5 and 8 in r1c3, r1c4, r1c9 (row 1): remove 2 from r1c1, r1c6; remove 5 from r1c1, r1c8; remove 8 from r1c1, r1c8"),
    (":0202:4679:+53+2+78+6...9+78+241.+6...19+5+32+87.254..6+7...3+617.5+27..+5........+1........+8.51.6...3...98::471 472 481 491 492 671 672 691 692 972::",
     "Naked Quadruple on 4, 6, 7 and 9 in r7c3, r8c2, r8c3, r9c3 (box 7): remove 4 from r7c1, r7c2, r8c1, r9c1, r9c2; remove 6 from r7c1, r7c2, r9c1, r9c2; remove 9 from r7c2"),
    (":0210:29:.6...1..4.48....9+1....+4...+2+4..2.87+5+658+2967+143..65.4+9+2+8+6.....+4+1.+85+4+1.+326.1..4.+6+38.:913 315 325 932 933:311 515 711 715 815::",
     "Hidden Pair on 2 and 9 in r1c1, r1c5 (row 1): remove 3 from r1c1; remove 5 from r1c5; remove 7 from r1c1, r1c5; remove 8 from r1c5"),
    (":0211:458:....+23.9.82.9...+5.4.9.1..+2..8.+25+94+7..9+4671.8+5..5.3..1...+8.9.5+42+9.+2..5+837+54+73+8+2.+6.::112 119 612 619 712 714::",
     "Hidden Triple on 4, 5 and 8 in r1c2, r1c4, r1c9 (row 1): remove 1 from r1c2, r1c9; remove 6 from r1c2, r1c9; remove 7 from r1c2, r1c4"),
    (":0212:4579:...........5.2....9.7...1.....94.5.........6....5.78.16....5..2..43...163.9.1..8+5::151 152 251 252 257 352 357 359 851 852::",
     "Hidden Quadruple on 4, 5, 7 and 9 in r5c1, r5c2, r5c7, r5c9 (row 5): remove 1 from r5c1, r5c2; remove 2 from r5c1, r5c2, r5c7; remove 3 from r5c2, r5c7, r5c9; remove 8 from r5c1, r5c2"),
    (":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::",
     "X-Wing on 3 in rows 3 and 7, columns 3 and 4: remove 3 from r1c3, r1c4, r4c3, r4c4, r5c3, r5c4, r6c3, r6c4, r9c4"),
    (":0301:9:+931+2+46+7+856+8+5+3+17..+4+4+7+259+8+1+3+68+5+31....27+1......3+24...38..12763...+8+3.+4..1...+5.84..3..::956 957 958 968 987 988 996 998::",
     "Swordfish on 9 in rows 2, 4 and 7, columns 6, 7 and 8: remove 9 from r5c6, r5c7, r5c8, r6c8, r8c7, r8c8, r9c6, r9c8"),
    (":0302:7:2.......3.8..3..5...34.21....12.54......9......93.86....25.69...9..2..7.4.......1::712 715 721 729 751 752 759 792 795::",
     "Jellyfish on 7 in rows 3, 4, 6 and 7, columns 1, 2, 5 and 9: remove 7 from r1c2, r1c5, r2c1, r2c9, r5c1, r5c2, r5c9, r9c2, r9c5"),
    (":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::",
     "Finned X-Wing on 3 in rows 2 and 4, columns 1 and 5, fin r2c6: remove 3 from r1c5, r3c5"),
    (":0311:5:.+6.4+1+7.+83+3+1+4+98..+7.8+7..+6+39147+43.29..+8..+8+3+4+6.2+7..6.+7.34+96..+75+4+8+314+3+1.+9.7..58+7631+4+9+2::557::",
     "Finned Swordfish on 5 in rows 1, 3 and 4, columns 3, 4 and 7, fin r4c8: remove 5 from r5c7"),
    (":0312:8:+64+12+5.7.3+3826+7..+1+5....+31+6...9+3+1.+6..+74+1+6.27+3.......3.61.+2.+7+65+13.+765+31....+13...+2+576:934 938 939 979 986 993:879::",
     "Finned Jellyfish on 8 in rows 1, 3, 5 and 8, columns 4, 6, 8 and 9, fin r8c7: remove 8 from r7c9"),
    (":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..73894+7....::859 869::",
     "Sashimi X-Wing on 8 in rows 1 and 4, columns 5 and 9, fins r4c7, r4c8: remove 8 from r5c9, r6c9"),
    (":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 373 678 679 699:638::",
     "Sashimi Swordfish on 6 in rows 1, 6 and 9, columns 1, 5 and 8, fin r1c9: remove 6 from r3c8"),
    (":0322:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 638 373 678 679 699:637::",
     "Sashimi Jellyfish on 6 in rows 1, 6, 8 and 9, columns 1, 5, 7 and 8, fin r1c9: remove 6 from r3c7"),
];

#[test]
fn every_implemented_technique_has_a_checked_position_and_sentence() {
    let mut covered = TechniqueSet::empty();
    for (line, sentence) in POSITIONS {
        let case: Case = line.parse().unwrap();
        let t = case.technique.unwrap();
        let steps = find(t, &case.state, &FindOptions::default());
        let step = steps
            .iter()
            .find(|s| s.explanation == *sentence)
            .unwrap_or_else(|| panic!("{t:?}: no step says {sentence:?}; found {steps:#?}"));
        let mut e = step.eliminations.clone();
        e.sort_unstable();
        let mut p = step.placements.clone();
        p.sort_unstable();
        assert_eq!(
            (e, p),
            (case.eliminations.clone(), case.placements.clone()),
            "{t:?}"
        );
        assert_eq!(step.technique, t);
        covered.insert(t);
    }
    // The other families have their own positions (logic_single_digit.rs, …), and so
    // have Franken, mutant and Siamese fish (logic_fish.rs).
    let families = TechniqueSet::parse("singles,intersections,subsets,fish").unwrap();
    let general: TechniqueSet = general_fish::TECHNIQUES.iter().copied().collect();
    assert_eq!(
        covered,
        TechniqueSet::implemented()
            .intersection(families)
            .difference(general)
    );
}

#[test]
fn a_hand_made_x_wing() {
    // 4 can go only in columns 3 and 6 of rows 2 and 8: it leaves the rest of those columns.
    let layout = Layout::classic(9).unwrap();
    let mut c = Candidates::from_grid(&Grid::empty(layout));
    for row in [1, 7] {
        for col in (0..9).filter(|&col| col != 2 && col != 5) {
            c.remove(row * 9 + col, 4);
        }
    }
    let steps = find(Technique::XWing, &c, &FindOptions::default());
    assert_eq!(steps.len(), 1, "{steps:#?}");
    let s = &steps[0];
    assert_eq!(s.cells, vec![11, 14, 65, 68]);
    assert_eq!(s.eliminations.len(), 14);
    assert!(s.explanation.starts_with(
        "X-Wing on 4 in rows 2 and 8, columns 3 and 6: remove 4 from r1c3, r1c6, r3c3"
    ));
}

#[test]
fn singles_subsets_and_intersections_on_other_board_sizes() {
    let set = TechniqueSet::parse("singles,intersections,subsets").unwrap();
    let solver = Solver::new(set);
    let mut solved = 0;
    for n in [4, 6, 8, 9, 12, 16, 25] {
        let layout = Layout::classic(n).unwrap();
        // A fixed solution grid (the shifted pattern every classic layout admits), so
        // the test does not depend on which solution an engine finds first.
        let (br, bc) = (layout.box_rows(), layout.box_cols());
        let pattern = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                (((r % br) * bc + r / br + c) % n + 1) as u8
            })
            .collect();
        let solution = Grid::from_cells(layout.clone(), pattern).unwrap();
        assert!(solution.validate().is_ok());
        // Keep about three cells in four, chosen by a fixed pseudo-random sequence.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let cells: Vec<u8> = (0..n * n)
            .map(|i| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (seed >> 33) % 4 != 0 {
                    solution.get(i)
                } else {
                    0
                }
            })
            .collect();
        let puzzle = Grid::from_cells(layout, cells).unwrap();
        let mut c = Candidates::from_grid(&puzzle);
        let mut steps = 0;
        let outcome = solver.solve(&mut c, |step, _| {
            steps += 1;
            for &(cell, d) in &step.eliminations {
                assert_ne!(solution.get(cell), d, "{n}×{n}: {}", step.explanation);
            }
            for &(cell, d) in &step.placements {
                assert_eq!(solution.get(cell), d, "{n}×{n}: {}", step.explanation);
            }
        });
        // Logic that finishes has proved the solution unique.
        assert_ne!(outcome, Outcome::Contradiction, "{n}×{n}");
        if sudokit::count(&puzzle, 2) == 1 {
            assert_eq!(outcome, Outcome::Solved, "{n}×{n}");
        }
        if outcome == Outcome::Solved {
            assert_eq!(c.to_grid(), solution, "{n}×{n}");
            solved += 1;
        }
        assert!(steps > 0);
    }
    assert_eq!(solved, 7, "logic finished only {solved} of 7 sizes");
}

#[test]
fn technique_selection_decides_what_logic_finishes() {
    // Norvig's hard1 needs more than singles at its start.
    let g: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let singles = Solver::new(TechniqueSet::parse("singles").unwrap()).explain(false);
    let d = rate(&g, &singles);
    assert_eq!(d.outcome, Outcome::Stuck);
    assert!(!d.finished());
    assert_eq!(d.level, sudokit::logic::Level::Extreme);
    let hint = Solver::new(TechniqueSet::all()).hint(&Candidates::from_grid(&g));
    assert_eq!(
        hint.unwrap().explanation,
        "Hidden Single: r6c2=4 (the only place for 4 in box 4)"
    );
}

#[test]
fn ratings_of_known_puzzles() {
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    // Norvig's easy grid: hidden singles in boxes and lines, nothing harder.
    let easy: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    let d = rate(&easy, &solver);
    assert!(d.finished());
    assert_eq!(
        (d.er.to_string(), d.ep.to_string(), d.ed.to_string()),
        ("1.2".into(), "1.2".into(), "1.2".into())
    );
    assert_eq!(d.level, sudokit::logic::Level::Easy);
    assert_eq!(d.steps, 49);
}

#[test]
#[cfg(feature = "serde")]
fn steps_and_difficulties_round_trip_through_json() {
    use sudokit::logic::Step;
    use sudokit::rating::Difficulty;

    let g: Grid =
        "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8."
            .parse()
            .unwrap();
    let solver = Solver::new(TechniqueSet::all());
    let mut c = Candidates::from_grid(&g);
    let mut steps: Vec<Step> = Vec::new();
    solver.solve(&mut c, |s, _| steps.push(s.clone()));
    assert!(steps.iter().any(|s| s.technique == Technique::HiddenPair));
    let json = serde_json::to_string(&steps).unwrap();
    assert_eq!(serde_json::from_str::<Vec<Step>>(&json).unwrap(), steps);
    let d = rate(&g, &solver);
    let json = serde_json::to_string(&d).unwrap();
    assert!(json.contains("\"er\":3.4"), "{json}");
    assert_eq!(serde_json::from_str::<Difficulty>(&json).unwrap(), d);
}
