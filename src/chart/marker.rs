//! The shapes of the measured points: each algorithm has its own, fixed by the catalogue
//! ([`crate::catalogue::AlgorithmInfo::marker`]), so that points at the same place stay visible —
//! MinOver's under the exact optimum's — and a rule looks the same in every run; the legend shows
//! which is which.

use plotters::element::{Drawable, PointCollection};
use plotters::prelude::*;
use plotters_backend::{BackendCoord, DrawingErrorKind};

pub use crate::catalogue::Shape;

impl Shape {
    /// The shape of the points of `algorithm` (the catalogue's), a circle for a property of the
    /// data (the separable fraction).
    pub fn of(algorithm: Option<crate::catalogue::Algorithm>) -> Shape {
        algorithm.map_or(Shape::Circle, |a| a.info().marker)
    }

    /// The shape at `at` (a coordinate of the chart or of the drawing area), about `size` pixels
    /// across its middle (shapes of one size cover about the same area), in `style` (filled, or
    /// its outline).
    pub fn at<C>(self, at: C, size: f64, style: ShapeStyle) -> Marker<C> {
        Marker {
            at,
            shape: self,
            size,
            style,
        }
    }
}

/// A shape placed at a coordinate: a plotters element.
pub struct Marker<C> {
    at: C,
    shape: Shape,
    size: f64,
    style: ShapeStyle,
}

impl<'a, C> PointCollection<'a, C> for &'a Marker<C> {
    type Point = &'a C;
    type IntoIter = std::iter::Once<&'a C>;
    fn point_iter(self) -> Self::IntoIter {
        std::iter::once(&self.at)
    }
}

impl<C, DB: DrawingBackend> Drawable<DB> for Marker<C> {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        mut points: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        let Some((x, y)) = points.next() else {
            return Ok(());
        };
        let r = self.size / 2.0;
        let i = |v: f64| v.round() as i32;
        let fill = self.style.filled;
        let polygon = |corners: Vec<(i32, i32)>| -> Vec<BackendCoord> {
            corners
                .into_iter()
                .map(|(dx, dy)| (x + dx, y + dy))
                .collect()
        };
        let corners = match self.shape {
            Shape::Circle => {
                return backend.draw_circle((x, y), i(r).max(1) as u32, &self.style, fill);
            }
            Shape::Square => {
                let s = i(r * 0.9);
                return backend.draw_rect((x - s, y - s), (x + s, y + s), &self.style, fill);
            }
            Shape::Triangle => {
                let (h, w, b) = (i(r * 1.25), i(r * 1.2), i(r * 0.8));
                polygon(vec![(0, -h), (w, b), (-w, b)])
            }
            Shape::TriangleDown => {
                let (h, w, b) = (i(r * 1.25), i(r * 1.2), i(r * 0.8));
                polygon(vec![(0, h), (w, -b), (-w, -b)])
            }
            Shape::Diamond => {
                let s = i(r * 1.25);
                polygon(vec![(0, -s), (s, 0), (0, s), (-s, 0)])
            }
        };
        if fill {
            backend.fill_polygon(corners, &self.style)
        } else {
            let mut path = corners.clone();
            path.push(corners[0]);
            backend.draw_path(path, &self.style)
        }
    }
}
