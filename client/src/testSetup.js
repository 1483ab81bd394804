// Every test file: how long a findBy/waitFor waits. The default 1 s is shorter than a cold lazy
// import takes when the suite shares two cores with the browser and job tests (make test runs them
// side by side), so a test that would pass failed on the clock alone.
import { configure } from "@testing-library/dom";

configure({ asyncUtilTimeout: 5000 });
