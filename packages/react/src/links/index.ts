export { createGuardedLink, type GuardedLinkOptions, type LinkClick, openLink } from './GuardedLink'
