use benchfit_core::plan::{plan, PlanInput};
fn main() {
    let input = PlanInput::worked_example();
    let t = std::time::Instant::now();
    let p = plan(&input).unwrap();
    eprintln!("{} candidates, {:?}, counts {:?}", p.candidates.len(), t.elapsed(), p.counts);
    print!("{}", benchfit_core::plan::export::plan_markdown(&p));
    for c in p.candidates.iter().filter(|c| c.fits && c.rank.is_none()).take(5) { println!("{} {} {} {:?}", c.label(), c.weights, c.kv_dtype, c.reason); }
    for c in p.candidates.iter().filter(|c| !c.fits).take(5) { println!("{} {} {} {:?}", c.label(), c.weights, c.kv_dtype, c.reason); }
    println!("{:?}", p.calibration);
    println!("{:?}", p.warnings);
}
