/**
 * Drag sorting of one list of the editor (the top blocks, a block's criteria or its nested
 * blocks), by pointer and by keyboard, with localized screen-reader announcements. Each list has
 * its own DndContext, so an item only ever moves among its siblings. The keyboard moves the item
 * itself, one place per arrow press (Space or Enter picks it up and drops it, Escape puts it
 * back): dnd-kit's keyboard sensor moves a picture of it by pixels, and among items of different
 * heights one press often announced a place it had not reached.
 */
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  DndContext,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import { DRAG_AUTO_SCROLL } from '../../../../domain/constants.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { visuallyHidden } from '../../shared/visually-hidden.ts';

export interface SortableEntry {
  key: string;
  /** what the announcements and the buttons call the item */
  name: string;
}

/**
 * Spec section 9 "auto-scroll sensitivity 30, speed 10" (the pixel band and the pixels per tick
 * of the original's drag library) in dnd-kit's terms: `threshold` is the edge band as a fraction
 * of the scrolling container (the window here), so 30 px become 30 / the viewport's size;
 * `acceleration` is the speed in pixels per scroll tick at the very edge, so 10 stays 10.
 */
function autoScrollOptions() {
  const width = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const height = typeof window === 'undefined' ? 800 : window.innerHeight;
  return {
    threshold: {
      x: DRAG_AUTO_SCROLL.sensitivity / width,
      y: DRAG_AUTO_SCROLL.sensitivity / height,
    },
    acceleration: DRAG_AUTO_SCROLL.speed,
  };
}

/**
 * dnd-kit renders every item of a list again when its sensors or its ids are new objects: the
 * sensor's options and the ids stay the same objects while they mean the same, so a keystroke in
 * one field does not render the whole tree again.
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };

/** The items' keys, the same array while the keys are (a renamed item keeps it). */
function useIds(items: readonly SortableEntry[]): string[] {
  const signature = JSON.stringify(items.map((entry) => entry.key));
  return useMemo(() => JSON.parse(signature) as string[], [signature]);
}

/** A sortable list: `onMove(key, index)` puts an item at another place among its siblings. */
export function SortableList(props: {
  items: readonly SortableEntry[];
  onMove: (key: string, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { items, onMove } = props;
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));
  const ids = useIds(items);
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements = useMemo<Announcements>(() => {
    const describe = (id: UniqueIdentifier, overId?: UniqueIdentifier) => {
      const item = items.find((entry) => entry.key === id);
      const index = items.findIndex((entry) => entry.key === (overId ?? id));
      return {
        name: item?.name ?? '',
        position: index + 1,
        count: items.length,
      };
    };
    return {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return t('templates.editor.dnd.pickedUp', describe(active.id));
      },
      // said when the place changes, not again for the place the item was picked up from
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return t('templates.editor.dnd.movedTo', describe(active.id, over.id));
      },
      onDragEnd: ({ active, over }) =>
        over ? t('templates.editor.dnd.dropped', describe(active.id, over.id)) : undefined,
      onDragCancel: ({ active }) => t('templates.editor.dnd.cancelled', describe(active.id)),
    };
  }, [items, t]);

  const accessibility = useMemo(
    () => ({
      announcements,
      screenReaderInstructions: { draggable: t('templates.editor.dnd.instructions') },
    }),
    [announcements, t],
  );
  const autoScroll = useMemo(() => autoScrollOptions(), []);
  // moves made with the buttons are said too, like the drag's (dnd-kit speaks for those)
  const [moved, setMoved] = useState('');
  const moveByButton = useCallback(
    (key: string, to: number) => {
      onMove(key, to);
      const name = items.find((entry) => entry.key === key)?.name ?? '';
      setMoved(t('templates.editor.dnd.dropped', { name, position: to + 1, count: items.length }));
    },
    [items, onMove, t],
  );
  const [picked, setPicked] = useState<{ key: string; from: number } | null>(null);
  const keyboard = useMemo(() => {
    const say = (message: string, key: string, at: number) =>
      setMoved(
        t(message, {
          name: items.find((entry) => entry.key === key)?.name ?? '',
          position: at + 1,
          count: items.length,
        }),
      );
    const indexOf = (key: string) => items.findIndex((entry) => entry.key === key);
    return {
      picked: picked?.key ?? null,
      pick: (key: string) => {
        setPicked({ key, from: indexOf(key) });
        say('templates.editor.dnd.pickedUp', key, indexOf(key));
      },
      step: (key: string, to: number) => {
        onMove(key, to);
        say('templates.editor.dnd.movedTo', key, to);
      },
      drop: (key: string) => {
        setPicked(null);
        say('templates.editor.dnd.dropped', key, indexOf(key));
      },
      cancel: (key: string) => {
        if (picked) onMove(key, picked.from);
        setPicked(null);
        say('templates.editor.dnd.cancelled', key, picked?.from ?? indexOf(key));
      },
    };
  }, [items, onMove, picked, t]);
  const position = useMemo(
    () => ({ items, onMove: moveByButton, keyboard }),
    [items, moveByButton, keyboard],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      String(active.id),
      items.findIndex((entry) => entry.key === over.id),
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={autoScroll}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ListPosition.Provider value={position}>{props.children}</ListPosition.Provider>
      </SortableContext>
      <Box role="status" sx={visuallyHidden}>
        {moved}
      </Box>
    </DndContext>
  );
}

interface KeyboardMoves {
  /** the item picked up with the keyboard, if any */
  picked: string | null;
  pick(key: string): void;
  step(key: string, to: number): void;
  drop(key: string): void;
  cancel(key: string): void;
}

const ListPosition = createContext<{
  items: readonly SortableEntry[];
  onMove: (key: string, to: number) => void;
  keyboard: KeyboardMoves;
}>({
  items: [],
  onMove: () => {},
  keyboard: { picked: null, pick: () => {}, step: () => {}, drop: () => {}, cancel: () => {} },
});

/**
 * One item of a SortableList. `children` gets the item's controls: the drag handle and the
 * "move up / move down" buttons, to place in its header.
 */
export function SortableItem(props: {
  entry: SortableEntry;
  children: (controls: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { items, onMove, keyboard } = useContext(ListPosition);
  const { key, name } = props.entry;
  const index = items.findIndex((entry) => entry.key === key);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: key });
  const label = name || t('templates.editor.untitled');
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  /** Moves the item; at the end of the list the focus goes to the button still usable. */
  const move = (to: number) => {
    onMove(key, to);
    const other = to === 0 ? downRef : to === items.length - 1 ? upRef : null;
    if (other) requestAnimationFrame(() => other.current?.focus());
  };
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const isPicked = keyboard.picked === key;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (isPicked) keyboard.drop(key);
      else keyboard.pick(key);
    } else if (isPicked && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = index + (event.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= items.length) return;
      keyboard.step(key, to);
      // the item's node moved in the page: the focus stays with its handle
      requestAnimationFrame(() => handleRef.current?.focus());
    } else if (isPicked && event.key === 'Escape') {
      event.preventDefault();
      keyboard.cancel(key);
      requestAnimationFrame(() => handleRef.current?.focus());
    }
  };
  const controls = (
    <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
      <Button
        ref={(node) => {
          setActivatorNodeRef(node);
          handleRef.current = node;
        }}
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        aria-pressed={isPicked}
        size="small"
        variant={isPicked ? 'contained' : 'outlined'}
        aria-label={t('templates.editor.drag', { name: label })}
        sx={{ minWidth: 36, cursor: 'grab', touchAction: 'none' }}
      >
        <span aria-hidden="true">⠿</span>
      </Button>
      <Button
        size="small"
        variant="outlined"
        ref={upRef}
        disabled={index <= 0}
        aria-label={t('templates.editor.moveUp', { name: label })}
        onClick={() => move(index - 1)}
        sx={{ minWidth: 36 }}
      >
        <span aria-hidden="true">↑</span>
      </Button>
      <Button
        size="small"
        variant="outlined"
        ref={downRef}
        disabled={index < 0 || index >= items.length - 1}
        aria-label={t('templates.editor.moveDown', { name: label })}
        onClick={() => move(index + 1)}
        sx={{ minWidth: 36 }}
      >
        <span aria-hidden="true">↓</span>
      </Button>
    </Box>
  );
  return (
    <Box
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition: transition,
      }}
      sx={{
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      {props.children(controls)}
    </Box>
  );
}
