import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';

// spec 000 §9: speed 500, trickle speed 200, minimum 0.3.
NProgress.configure({ speed: 500, trickleSpeed: 200, minimum: 0.3, showSpinner: false });

export const progress = NProgress;
