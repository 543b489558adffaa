import { KeyboardCode, type KeyboardCoordinateGetter } from "@dnd-kit/core";

/**
 * The keyboard's way across the board: left and right arrows jump the lifted card to the middle of the next lane
 * (dnd-kit's default moves it 25 px a press, a dozen presses per lane). Up and down do nothing: a lane keeps its
 * cards by activity, not by hand.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) {
    if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) event.preventDefault();
    return undefined;
  }
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  const lanes = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect): rect is NonNullable<typeof rect> => !!rect)
    .sort((a, b) => a.left - b.left);
  const center = collisionRect.left + collisionRect.width / 2;
  const target =
    event.code === KeyboardCode.Right
      ? lanes.find((rect) => rect.left + rect.width / 2 > center + 1)
      : [...lanes].reverse().find((rect) => rect.left + rect.width / 2 < center - 1);
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: currentCoordinates.y };
};
