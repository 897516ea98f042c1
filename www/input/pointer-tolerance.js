/**
 * How far off a pointer of each kind (`PointerEvent.pointerType`: mouse, pen, touch) may be: a
 * fingertip covers more than a cursor and drifts further in a tap. The data view and the weight
 * view tell taps from drags by the same tolerances.
 */

/** How far (CSS px) outside a point's mark a press still takes it, by pointer type. @type {Record<string, number>} */
export const HIT_SLACK_PX = { mouse: 5, pen: 5, touch: 16 };

/** How far (CSS px) a press may move and still be a tap (a click), not a drag, by pointer type: a finger's tap drifts 6–10 px. @type {Record<string, number>} */
export const TAP_SLOP_PX = { mouse: 4, pen: 4, touch: 12 };

/** The hit slack of the pointer of `e`. @param {{pointerType: string}} e */
export const hitSlack = (e) => HIT_SLACK_PX[e.pointerType] ?? HIT_SLACK_PX.mouse;

/** Whether a press of the pointer of `e` that has moved (dx, dy) CSS px is a drag. @param {{pointerType: string}} e @param {number} dx @param {number} dy */
export const beyondTap = (e, dx, dy) => Math.hypot(dx, dy) > (TAP_SLOP_PX[e.pointerType] ?? TAP_SLOP_PX.mouse);
