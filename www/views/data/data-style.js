/** The data view's marks: their sizes (grown in projector mode) and colours, shared by its drawing modules. */

/** A point's mark radius (CSS px) in normal mode. */
const BASE_POINT_RADIUS = 7;
/** Marks and lines grow by this factor in projector mode. */
export const PROJECTOR_SCALE = 1.7;
export const AXIS_COLOR = "#8a8a85";
export const GRID_COLOR = "#ecece7";
export const POINT_COLOR = "#1b1b1b";

/** A point's mark radius (CSS px) in projector mode or not. @param {boolean} projector */

export function pointRadius(projector) {
  return BASE_POINT_RADIUS * (projector ? PROJECTOR_SCALE : 1);
}
