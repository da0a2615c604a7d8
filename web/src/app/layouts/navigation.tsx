import { useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { inSameForm, stripLocale } from '../../shared/locale.ts';
import { pageById, visibleNavigation } from '../pages.ts';
import { useSession } from '../../shared/session.ts';

/** Home, the list pages the user's permissions open, the personal area and logout. */
export function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useSession();
  const bare = stripLocale(pathname);
  const items = [
    { page: 'home', path: '/', label: t('nav.home') },
    ...visibleNavigation(user?.permissions ?? []).map((item) => ({
      page: item.page,
      path: `/${pageById(item.page).path}`,
      label: t(`nav.${item.page}`),
    })),
    { page: 'account', path: '/account', label: t('nav.account') },
    { page: 'logout', path: '/logout', label: t('nav.logout') },
  ];
  // the longest path the page lies under: /students/at-risk is not /students
  const matches = (path: string) =>
    path === '/' ? bare === '/' : bare === path || bare.startsWith(`${path}/`);
  const currentPath = items
    .map((item) => item.path)
    .filter(matches)
    .sort((a, b) => b.length - a.length)[0];
  return (
    <List>
      {items.map((item) => {
        const current = item.path === currentPath;
        return (
          <ListItem key={item.page} disablePadding>
            <ListItemButton
              component={PrefetchLink}
              pageId={item.page}
              to={inSameForm(item.path, pathname)}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
