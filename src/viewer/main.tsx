import { render } from "preact";
import { App } from "./components/App.tsx";
import "./app.css";
import "./memories.css";
import "./proposals.css";
import { takeToken } from "./token.ts";

takeToken();

const root = document.getElementById("app");
if (root) render(<App />, root);
