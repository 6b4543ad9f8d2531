//! A drawing list: games that compute their layout in Rust push
//! shapes onto layers and render them with one shared template (`templates/shared/drawing.svg`).
//! Each game brings its reusable symbols as an SVG `<defs>` fragment from its own template
//! folder. Text is escaped by the template.

use askama::Template;

use super::RenderError;

/// Where a shape goes: later layers are drawn over earlier ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// Backgrounds and tiles.
    Ground = 0,
    /// Roads, rivers, connections.
    Paths = 1,
    /// Symbols and pieces.
    Pieces = 2,
    /// Highlights and overlays.
    Marks = 3,
    /// Text.
    Labels = 4,
}

const LAYERS: usize = 5;

/// A rectangle's place and size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    /// Left.
    pub x: f32,
    /// Top.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// Shorthand for an [`Area`].
pub fn area(x: f32, y: f32, w: f32, h: f32) -> Area {
    Area { x, y, w, h }
}

/// One shape of the list.
#[derive(Debug, Clone)]
pub enum Shape {
    /// A rectangle (a circle when `rx` is half its size).
    Rect {
        /// Place and size.
        a: Area,
        /// Corner radius.
        rx: f32,
        /// Fill colour (or `none`).
        fill: &'static str,
        /// Outline colour (or `none`).
        stroke: &'static str,
        /// Outline width.
        sw: f32,
        /// Dashed outline.
        dashed: bool,
    },
    /// A straight line with round caps.
    Line {
        /// Start x.
        x1: f32,
        /// Start y.
        y1: f32,
        /// End x.
        x2: f32,
        /// End y.
        y2: f32,
        /// Colour.
        stroke: &'static str,
        /// Width.
        w: f32,
    },
    /// A symbol from the game's `<defs>`, centred on (x, y).
    Use {
        /// The symbol's id.
        id: &'static str,
        /// Centre x.
        x: f32,
        /// Centre y.
        y: f32,
        /// Scale factor.
        scale: f32,
    },
    /// A line of text (escaped).
    Text {
        /// Anchor x.
        x: f32,
        /// Baseline y.
        y: f32,
        /// Font size.
        size: f32,
        /// Bold.
        bold: bool,
        /// Colour.
        fill: &'static str,
        /// `start`, `middle` or `end`.
        anchor: &'static str,
        /// The text.
        text: String,
    },
}

/// The drawing list the shared template renders.
#[derive(Template)]
#[template(path = "shared/drawing.svg")]
pub struct Drawing {
    width: f32,
    height: f32,
    background: &'static str,
    defs: &'static str,
    layers: Vec<Vec<Shape>>,
}

impl Drawing {
    /// An empty drawing of the given size with the game's symbol definitions.
    pub fn new(width: f32, height: f32, background: &'static str, defs: &'static str) -> Drawing {
        Drawing {
            width,
            height,
            background,
            defs,
            layers: vec![Vec::new(); LAYERS],
        }
    }

    /// Changes the height (when the layout is known only at the end).
    pub fn set_height(&mut self, height: f32) {
        self.height = height;
    }

    /// Adds a shape on a layer.
    pub fn push(&mut self, layer: Layer, shape: Shape) {
        self.layers[layer as usize].push(shape);
    }

    /// A rectangle.
    pub fn rect(&mut self, layer: Layer, a: Area, paint: Paint) {
        self.rounded(layer, a, 0.0, paint);
    }

    /// A rectangle with rounded corners (`rx`).
    pub fn rounded(&mut self, layer: Layer, a: Area, rx: f32, paint: Paint) {
        let Paint {
            fill,
            stroke,
            width: sw,
            dashed,
        } = paint;
        self.push(
            layer,
            Shape::Rect {
                a,
                rx,
                fill,
                stroke,
                sw,
                dashed,
            },
        );
    }

    /// A circle centred on (x, y).
    pub fn circle(&mut self, layer: Layer, (x, y): (f32, f32), r: f32, paint: Paint) {
        self.rounded(layer, area(x - r, y - r, 2.0 * r, 2.0 * r), r, paint);
    }

    /// A line.
    pub fn line(
        &mut self,
        layer: Layer,
        (x1, y1): (f32, f32),
        (x2, y2): (f32, f32),
        stroke: &'static str,
        w: f32,
    ) {
        self.push(
            layer,
            Shape::Line {
                x1,
                y1,
                x2,
                y2,
                stroke,
                w,
            },
        );
    }

    /// A symbol from the game's definitions.
    pub fn symbol(&mut self, id: &'static str, (x, y): (f32, f32), scale: f32) {
        self.push(Layer::Pieces, Shape::Use { id, x, y, scale });
    }

    /// Text on the label layer; returns it for styling.
    pub fn text(&mut self, (x, y): (f32, f32), size: f32, text: impl Into<String>) -> &mut Shape {
        let labels = &mut self.layers[Layer::Labels as usize];
        labels.push(Shape::Text {
            x,
            y,
            size,
            bold: false,
            fill: "#2b2418",
            anchor: "start",
            text: text.into(),
        });
        let last = labels.len() - 1;
        &mut labels[last]
    }

    /// Text with all its styling at once.
    pub fn label(&mut self, at: (f32, f32), size: f32, text: impl Into<String>, style: Style) {
        if let Shape::Text {
            bold, fill, anchor, ..
        } = self.text(at, size, text)
        {
            *bold = style.bold;
            *fill = style.fill;
            *anchor = style.anchor;
        }
    }

    /// The SVG document.
    pub fn svg(&self) -> Result<String, RenderError> {
        self.render()
            .map_err(|e| RenderError::Template(e.to_string()))
    }
}

/// How a shape is filled and outlined.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paint {
    /// Fill colour (or `none`).
    pub fill: &'static str,
    /// Outline colour (or `none`).
    pub stroke: &'static str,
    /// Outline width.
    pub width: f32,
    /// Dashed outline.
    pub dashed: bool,
}

impl Paint {
    /// Filled, no outline.
    pub const fn fill(fill: &'static str) -> Paint {
        Paint {
            fill,
            stroke: "none",
            width: 0.0,
            dashed: false,
        }
    }

    /// Outlined, not filled.
    pub const fn outline(stroke: &'static str, width: f32) -> Paint {
        Paint::fill("none").stroke(stroke, width)
    }

    /// With an outline.
    pub const fn stroke(self, stroke: &'static str, width: f32) -> Paint {
        Paint {
            stroke,
            width,
            ..self
        }
    }

    /// With a dashed outline.
    pub const fn dashed(self) -> Paint {
        Paint {
            dashed: true,
            ..self
        }
    }
}

/// How a label looks.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Bold.
    pub bold: bool,
    /// Colour.
    pub fill: &'static str,
    /// `start`, `middle` or `end`.
    pub anchor: &'static str,
}

impl Style {
    /// Plain dark text, left-aligned.
    pub const PLAIN: Style = Style {
        bold: false,
        fill: "#2b2418",
        anchor: "start",
    };

    /// Bold.
    pub const fn bold(self) -> Style {
        Style { bold: true, ..self }
    }

    /// Another colour.
    pub const fn colour(self, fill: &'static str) -> Style {
        Style { fill, ..self }
    }

    /// Centred.
    pub const fn centred(self) -> Style {
        Style {
            anchor: "middle",
            ..self
        }
    }

    /// Right-aligned.
    pub const fn right(self) -> Style {
        Style {
            anchor: "end",
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_draw_in_order_and_text_is_escaped() {
        let mut d = Drawing::new(100.0, 50.0, "#fff", "<g id=\"dot\"/>");
        d.label((1.0, 2.0), 10.0, "<b>&", Style::PLAIN.bold());
        d.rect(
            Layer::Ground,
            area(0.0, 0.0, 10.0, 10.0),
            Paint::fill("#123456"),
        );
        d.symbol("dot", (5.0, 5.0), 1.0);
        let svg = d.svg().unwrap();
        let ground = svg.find("#123456").unwrap();
        let piece = svg.find("#dot").unwrap();
        let label = svg.find("font-weight").unwrap();
        assert!(ground < piece && piece < label, "ground, pieces, labels");
        assert!(
            svg.contains("&lt;b&gt;&amp;") || svg.contains("&#60;b&#62;&#38;"),
            "{svg}"
        );
        assert!(
            svg.contains("<g id=\"dot\"/>"),
            "the game's symbols are included as SVG"
        );
    }
}
