//! Entry point: renders the app into `<body>`.

fn main() {
    yew::Renderer::<benchfit_web::App>::new().render();
}
